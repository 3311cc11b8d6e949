"""A question to one seat (phase "choice"): a discard, a crown's target, Insight's order, Order's
card, Prosperity's top card, Fear or Vigour. Each is a decision of its own (`DECISIONS`, by the
choice's kind), answered by one move type under its rule; each answer resumes play where it was
asked."""
from __future__ import annotations

from collections.abc import Callable

from core.medieval_mastery import battle, data, flow, legal, rules
from core.medieval_mastery.phases.common import ART
from core.medieval_mastery.state import Choice, Ctx, State, battle_of, choice_of
from core.records import new_event
from core.medieval_mastery.words import P, reread, seat_word
from core.phase import Decision
from core.protocol import IllegalMove
from core.text import Msg, say, term

ANSWER = {"discard": "discard", "insight": "insight", "order": "recycle", "top": "top",
          "target": "target", "sceptre": "sceptre"}  # choice kind -> the move type answering it
CHOICE_RULE = {"discard": "MM-ICON-MAYDISCARD", "insight": "MM-ART-INSIGHT", "order": "MM-ART-ORDER",
               "top": "MM-ART-PROSPERITY", "target": "MM-ICON-ANY", "sceptre": "MM-ICON-EQUAL"}


def resolve(ctx: Ctx, seat: int, move: dict) -> None:
    """The chooser's answer (of the move type the choice takes), then play resumes."""
    st = ctx.st
    ch = choice_of(st)
    if seat != ch["seat"]:
        raise IllegalMove("not-your-turn", say("Another player is making a choice."), CHOICE_RULE[ch["kind"]])
    want = ANSWER[ch["kind"]]
    if want == "target":
        aim, t = check_target(st, seat, move)
        flow.apply_target(ctx, seat, aim, t)
        return
    ANSWERS[want](ctx, seat, move, ch)
    flow.continue_after(ctx, ch["then"])


def asked(st: State, seat: int, move: dict | None = None) -> Msg:
    """The choice's question, as its ability put it (a refused move is told it again)."""
    return reread(choice_of(st)["text"])


def check_target(st: State, seat: int, move: dict) -> tuple[int, int]:
    """MM-ICON-ANY: any player, yourself included; Corruption needs a face-up artefact (MM-EDGE-10)."""
    aim = move["player"]
    if aim >= st["players"]:
        raise IllegalMove("no-such-player", say("There is no player {player}.", player=seat_word(aim)), "MM-ICON-ANY")
    if st["artefacts"][seat][0] == "Prosperity":
        if "artefact" in move:
            raise IllegalMove("no-artefact", say("{crown} names only a player: 'target P1'.",
                                                 crown=term("Crown of Prosperity")), "MM-ART-PROSPERITY")
        return aim, -1
    if "artefact" not in move:
        raise IllegalMove("need-artefact", say("{crown}: name a player and an artefact, e.g. 'target P1 orb'.",
                                               crown=term("Crown of Corruption")), "MM-ART-CORRUPTION")
    t = ART[move["artefact"]]
    if not rules.is_up(st, aim, t):
        raise IllegalMove("face-down", say("{crown} must choose a face-up artefact.", crown=term("Crown of Corruption")),
                          "MM-EDGE-10")
    return aim, t


def sceptre(ctx: Ctx, seat: int, move: dict, ch: Choice) -> None:
    """MM-ICON-EQUAL: Fear or Vigour, the holder's choice."""
    if move["use"]:
        battle.use_equal_knights(ctx, battle_of(ctx.st), seat, ch["name"], ch["count"])
    else:
        ctx.ev.append(new_event((say("{player} does not use the {sceptre}.", player=P(seat),
                                sceptre=term("Sceptre of " + ch["name"])), None, None)))


def discard(ctx: Ctx, seat: int, move: dict, ch: Choice) -> None:
    """MM-ICON-MAYDISCARD: one card of the hand, or none."""
    st = ctx.st
    if move["card"] == "none":
        ctx.ev.append(new_event((say("{player} discards nothing.", player=P(seat)), None, None)))
        return
    card = rules.find_named(st["hand"][seat], move["card"])
    if card is None:
        raise IllegalMove("not-in-hand", say("You hold no {card} card.", card=move["card"]), "MM-ICON-MAYDISCARD")
    ctx.pile("hand", seat).remove(card)
    rules.discard(ctx, card)
    ctx.ev.append(new_event((say("{player} discards {card}.", player=P(seat), card=rules.card_name(card)), None, None)))


def insight(ctx: Ctx, seat: int, move: dict, ch: Choice) -> None:
    """MM-ART-INSIGHT: the cards looked at go back in the order given (positions, top first)."""
    top = ch["cards"]
    order = move["order"]
    if sorted(order) != list(range(1, len(top) + 1)):
        raise IllegalMove("bad-order", say("Give an order of the positions 1..{last}, each once.", last=len(top)),
                          "MM-ART-INSIGHT")
    deck = ctx.pile("deck", seat)
    del deck[len(deck) - len(top):]
    for pos in reversed(order):
        deck.append(top[pos - 1])
    ctx.ev.append(new_event((say("{player} puts the cards back in a new order.", player=P(seat)), None, None)))


def recycle(ctx: Ctx, seat: int, move: dict, ch: Choice) -> None:
    """MM-ART-ORDER / MM-ICON-RECYCLE: a card discarded in an earlier turn is shuffled into the deck."""
    st = ctx.st
    code = data.KIND_OF_NAME[move["card"]]
    if code not in flow.recyclable(st, seat):
        raise IllegalMove("not-eligible", say("Choose a card discarded during an earlier turn."), "MM-ICON-RECYCLE")
    pile, turns = ctx.pile("discard", seat), ctx.pile("discard_turn", seat)
    for i, (c, t) in enumerate(zip(pile, turns)):
        if rules.kind(c) == code and t < st["turn"]:
            del pile[i]
            del turns[i]
            deck = ctx.pile("deck", seat)
            deck.append(c)
            ctx.rng.shuffle(deck)
            ctx.ev.append(new_event((say("{player} shuffles {card} from their discard pile into their deck.", player=P(seat),
                                    card=rules.card_name(c)), None, None)))
            return


def top(ctx: Ctx, seat: int, move: dict, ch: Choice) -> None:
    """MM-ART-PROSPERITY: keep the top card there or discard it."""
    st = ctx.st
    aim = ch["player"]
    card = st["deck"][aim][-1]
    if move["keep"]:
        ctx.ev.append(new_event((say("{player} leaves the top card of {target}'s deck in place.", player=P(seat),
                                target=P(aim)), None, None)))
    else:
        ctx.pile("deck", aim).pop()
        rules.discard(ctx, card)
        ctx.ev.append(new_event((say("{player} puts {card} from {target}'s deck on the discard pile.", player=P(seat),
                                card=rules.card_name(card), target=P(aim)), None, None)))


ANSWERS: dict[str, Callable[[Ctx, int, dict, Choice], None]] = {
    "sceptre": sceptre, "discard": discard, "insight": insight, "recycle": recycle, "top": top}


# One decision per kind of choice, asked of its chooser only (its rule: CHOICE_RULE).
DECISIONS = tuple(Decision(kind, moves=frozenset({ANSWER[kind]}), rule=CHOICE_RULE[kind], prompt="choice",
                           describe=asked, legal=legal.CHOICE_MOVES[kind], resolve=resolve, code="not-now")
                  for kind in ANSWER)
