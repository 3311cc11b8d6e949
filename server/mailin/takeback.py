"""Undo by consent by mail (server/table/undo.py, as `herald undo GAME`): `undo` asks to take
back the sender's latest move, `undo yes` or `undo no` answers the game's open proposal, and
`undo always` (`undo always off`) sets the seat's standing answer. Each answer says where the
proposal stands: taken back, declined, or whom it still waits for. A yes or no answers only the
proposal the replied-to mail could have shown: one written before it was made (a late reply, a
copy of an older mail) answers nothing, and says so."""
from __future__ import annotations

from server.errors import msg
from server.players.seats import seats_of
from server.table import undo
from server.table.gameviews import load_game

YES, NO = ("yes", "accept", "ok", "agree"), ("no", "decline", "refuse")


def _undo(session, rest):
    game_id, seat, caller = session.game_id, session.seat, session.caller
    if not rest:
        _, request = undo.propose(caller, game_id, seat)
    elif rest in YES + NO:
        open_now = undo.latest(caller, game_id, seat)["request"]
        if open_now is None or open_now["status"] != "open":
            session.tell(msg("Nobody asks to take back a move in this game now."))
            return
        if session.next_seq is not None and session.next_seq != open_now["seq"] + 1:  # a mail from before it
            session.tell(msg("Your answer was to a mail written at move %(asked)s; the proposal open now, to take "
                             "back move %(seq)s, came after it. To answer that one, reply 'undo yes' or 'undo no' "
                             "to this mail.", asked=session.next_seq, seq=open_now["seq"]))
            return
        request = undo.answer(caller, game_id, open_now["seq"], lambda: "accept" if rest in YES else "decline", seat)
    elif rest in ("always", "always on", "always off"):
        always = rest != "always off"
        undo.standing(caller, game_id, lambda: always, seat)
        session.tell(msg("From now on you agree to every proposal to take back a move in this game.") if always else
                     msg("From now on you answer each proposal to take back a move in this game yourself."))
        return
    else:
        session.tell(msg("Say 'undo' to ask to take back your latest move, 'undo yes' or 'undo no' to answer a "
                         "proposal, or 'undo always' to agree to every one in this game."))
        return
    session.tell(_where(request, game_id))


def _where(request: dict, game_id: int):
    """Where the proposal stands, in a sentence."""
    seq = request["seq"]
    if request["status"] == "accepted":
        return msg("Move %(seq)s is taken back: everyone agreed.", seq=seq)
    if request["status"] == "declined":
        return msg("Move %(seq)s stands: the proposal to take it back was declined.", seq=seq)
    if request["status"] == "stale":
        return msg("Move %(seq)s stands: a move was made since it was proposed to take it back.", seq=seq)
    names = {info.seat: info.name for info in seats_of(load_game(game_id))}
    return msg("Taking back move %(seq)s waits for %(players)s to agree; they are asked by mail.", seq=seq,
               players=", ".join(names.get(s) or str(s) for s in request["waiting_for"]))


COMMANDS = {"undo": _undo}
