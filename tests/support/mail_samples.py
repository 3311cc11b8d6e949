"""Full sample contexts for every mail template and page (tests/server/test_i18n.py renders
each in every language). The values stand for what the engines and the players write (names,
prompts, moves, the board): marks rather than English sentences, so that every English sentence
of a render is the template's own and must be translated."""
from __future__ import annotations

URL = "https://herald.example.org"
PLAY = f"{URL}/play/17?t=TOKEN"
BOARD = "+---+---+\n| V11 | F3 |\n+---+---+"

COMMON = {"game": 17, "title": "Castle Assault (Castlecards: ¡Asalto al Castillo!)", "ruleset": "castle-assault",
          "player": "Ådne", "seat": 1, "public_url": URL, "play_url": PLAY, "rules_url": f"{URL}/rules/castle-assault",
          "reply_by_mail": True}
ASKED = {"prompt": "PROMPT-1", "recap": ["  3. Bea: attack V11", "       V11 -> F3"], "recap_since": "own",
         "deadline": "2026-12-03 18:00 UTC", "summary": BOARD, "legal": ["attack V11", "pass"], "example": "pass",
         "seat_flag": " --seat 1", "chat": []}


def mails() -> dict[str, list[dict]]:
    """Per text template: the contexts covering its branches (the first is the fullest)."""
    return {
        "turn.txt.j2": [
            {**COMMON, **ASKED, "since": "2026-12-01 10:00",
             "chat": [{"name": "Bea", "to": [0, 1], "text": "TALK-1"}, {"name": "Cai", "to": None, "text": "TALK-2"}]},
            {**COMMON, **ASKED, "recap": [], "recap_since": "start", "deadline": None, "chat": [], "legal": [],
             "play_url": None, "rules_url": "", "reply_by_mail": False, "seat_flag": ""},
            {**COMMON, **ASKED, "recap_since": "start", "example": None},
        ],
        "reminder.txt.j2": [
            {**COMMON, **ASKED, "since": "2026-12-01 10:00"},
            {**COMMON, **ASKED, "since": "2026-12-01 10:00", "recap": [], "deadline": None, "legal": [],
             "play_url": None, "rules_url": "", "reply_by_mail": False, "recap_since": "start"},
        ],
        "started.txt.j2": [{**COMMON, "seated": [["Ådne", 0], ["Bea", 1], ["Cai", 2]], "summary": BOARD},
                           {**COMMON, "table": "Ådne (seat 0), Bea (seat 1)", "summary": BOARD}],  # queued before
        "over.txt.j2": [
            {**COMMON, "winners": ["Bea", "Cai"], "reason": "REASON-1", "summary": BOARD, "seed": "SEED", "seed_hash": "HASH",
             "rating": {"before": 25.0, "after": 27.5, "games": 3}},
            {**COMMON, "winners": ["Bea"], "reason": "REASON-1", "summary": BOARD, "seed": "SEED", "seed_hash": "HASH",
             "rating": {"before": 25.0, "after": 23.5, "games": 1}, "play_url": None, "reply_by_mail": False},
            {**COMMON, "winners": [], "reason": "", "summary": BOARD, "seed": "SEED", "seed_hash": "HASH", "rating": None},
        ],
        "defaulted.txt.j2": [{**COMMON, "deadline": "2026-12-03 18:00 UTC", "played": "pass", "prompt": "PROMPT-1"},
                             {**COMMON, "deadline": "2026-12-03 18:00 UTC", "played": "pass", "prompt": "PROMPT-1",
                              "play_url": None}],
        "digest.txt.j2": [
            {**COMMON, "games": [{"game": 17, "title": COMMON["title"], "seat": 1, "version": 12, "prompt": "PROMPT-1",
                                  "reply": "turns+17.1.12@play.example.org"},
                                 {"game": 18, "title": "Wizard's Quest", "seat": 0, "version": 3, "prompt": "PROMPT-2",
                                  "reply": "turns+18.0.3@play.example.org"}]},
            {**COMMON, "games": [{"game": 17, "title": COMMON["title"], "seat": 1, "version": 12, "prompt": "PROMPT-1",
                                  "reply": None}]},
        ],
        "email-changed.txt.j2": [{**COMMON, "new_email": "adne@new.example.org"}],
        "email-check.txt.j2": [{**COMMON, "new_email": "adne@new.example.org", "code": "CODE-1", "hours": 24}],
        "invite.txt.j2": [
            {**COMMON, "inviter": "Bea", "players": 3, "invite": "INVITE1234567890"},
            {**COMMON, "inviter": "Bea", "players": 3, "invite": "INVITE1234567890", "handover": True, "version": 12,
             "reply_by_mail": False, "rules_url": ""},
        ],
        "joined.txt.j2": [{**COMMON, "joiner": "Bea", "joined_seat": 2, "filled": 2, "seats": 3},
                          {**COMMON, "joiner": "Bea", "joined_seat": 2, "filled": 1, "seats": 2}],
        "recover.txt.j2": [{**COMMON, "code": "CODE-1", "hours": 1}],
        "undo.txt.j2": [{**COMMON, "proposer": "Bea", "seq": 12, "move": "attack V11"}],
        "vacation.txt.j2": [{**COMMON, "away": "Bea", "until": "2026-12-24"}],
        "back.txt.j2": [{**COMMON, "away": "Bea"}],
        "reply.txt.j2": [{**COMMON, "subject": "Re: [Herald] 17", "body": "BODY-1"}],
        "warning.txt.j2": [{**COMMON, "subject": "Re: [Herald] 17", "body": "BODY-1"}],
    }


def play_pages() -> list[dict]:
    """Contexts for the game page (play.html.j2): asked, waiting for others with a refused move, over, open,
    a seat that is out of a game going on, a refused message of table talk, and refusals in a game over."""
    seats = [{"seat": 0, "name": "Ådne"}, {"seat": 1, "name": "Bea"}, {"seat": 2, "name": None}]
    game = {"id": 17, "title": COMMON["title"], "ruleset": "castle-assault", "version": 12, "status": "active",
            "result": None, "seats": seats}
    base = {"game": game, "title": COMMON["title"], "seat": 0, "me": seats[0], "token": "TOKEN", "svg": None,
            "asked": [{"seat": 0, "text": "PROMPT-1"}], "waiting_for": [], "out": False, "moves": [{"text": "attack V11"}, {"text": "pass"}],
            "more_moves": 3, "patterns": [{"text": "discard C?", "help": "HELP-1", "pieces": [("discard C?", True)]}],
            "log": [{"seq": 11, "seat": 1, "text": "attack V11", "events": ["EVENT-1"], "when": "WHEN-1",
                     "created": "2026-11-27T10:00:00Z"}, {"seq": 10, "events": [], "when": None, "created": None}],
            "error": None, "refusal": None, "refusal_language": None, "typed": "", "poll_seconds": 10, "clock": ["CLOCK-1"], "notes": [{"text": "NOTE-1", "lang": "en"}], "nonce": "N",
            "query": "", "language_names": {"en": "English", "sv": "Svenska"}, "zone": "Europe/Stockholm",
            "board_text": "BOARD-1", "can_resign": True,
            "talk": [{"name": "Bea", "text": "TALK-1", "created": "2026-11-27T10:05:00Z", "when": "WHEN-2", "to": ""},
                     {"name": "Bea", "text": "TALK-2", "created": "2026-11-27T10:06:00Z", "when": "WHEN-3", "to": "TO-1"}],
            "talk_key": "KEY", "talk_seats": [{"seat": 1, "name": "Bea"}, {"seat": 2, "name": "SEAT-2"}],
            "talk_error": None, "talk_typed": "", "talk_to": None, "talk_refusal": None, "talk_refusal_language": None,
            "language_error": None, "language_refusal": None, "language_refusal_language": None}
    return [
        base,
        {**base, "asked": [], "waiting_for": [1, 2], "more_moves": 1,
         "error": {"message": "REFUSAL-1", "rule": "CA-ACT-ATTACK-2", "code": "illegal-move"}, "refusal": "REFUSAL-1",
         "refusal_language": "en", "typed": "attack"},
        {**base, "game": {**game, "status": "finished", "result": {"reason": "REASON-1"}}, "asked": []},
        {**base, "game": {**game, "status": "open"}, "asked": []},
        {**base, "asked": [], "waiting_for": [1], "out": "resigned"},  # a seat that resigned, the game going on
        {**base, "asked": [], "waiting_for": [1], "out": "out"},  # a seat the rules put out
        # no talk yet, and a message refused beside the talk box
        {**base, "talk": [], "talk_error": {"message": "REFUSAL-2", "code": "empty-message"}, "talk_typed": "TYPED-1",
         "talk_to": 1, "talk_refusal": "REFUSAL-2", "talk_refusal_language": "en"},
        # the game over: a move refused with no move box to stand beside, and a language refused
        {**base, "game": {**game, "status": "finished", "result": {"reason": "REASON-2"}}, "asked": [],
         "error": {"message": "REFUSAL-3", "rule": None, "code": "game-over"}, "refusal": "REFUSAL-3",
         "refusal_language": "en", "language_error": {"message": "REFUSAL-4", "code": "invalid-input"},
         "language_refusal": "REFUSAL-4", "language_refusal_language": "en"},
    ]


def mail_html() -> dict:
    """The HTML part's context apart from its text (server/notify/mailparts.add_html adds the text's paragraphs)."""
    return {"title": COMMON["title"], "game": 17, "kind": "turn", "link": PLAY, "board_cid": "board.1@herald.invalid",
            "board_width": 400}
