"""The face-down conflict cards of a battle (phase "commit", MM-COMBAT-4, MM-EDGE-5)."""
from __future__ import annotations

from core.medieval_mastery import battle, data, legal, rules
from core.medieval_mastery.state import Ctx, battle_of
from core.medieval_mastery.words import either
from core.phase import Decision
from core.protocol import IllegalMove
from core.text import say


def resolve(ctx: Ctx, seat: int, move: dict) -> None:
    st = ctx.st
    b = battle_of(st)
    if seat not in (b["attacker"], b["defender"]):
        raise IllegalMove("not-in-battle", say("Only the attacker and the defender play conflict cards."), "MM-COMBAT-4")
    side = 0 if seat == b["attacker"] else 1
    if b["commit"][side] is not None:
        raise IllegalMove("already-committed", say("You have already committed your conflict card."), "MM-ASYNC-1")
    hand = st["hand"][seat]
    if move["card"] == "none":
        held = conflict_names(hand)
        if held:
            choices = either([f"'conflict {name}'" for name in held])
            raise IllegalMove("must-play", say("'conflict none' is only for a player with no conflict card; you hold "
                                               "{held}, so you must play one: {choices}.", held=", ".join(held),
                                               choices=choices), "MM-EDGE-5")
        battle.commit(ctx, seat, -1)
        return
    card = rules.find_named(hand, move["card"])
    if card is None:
        held = conflict_names(hand)
        if held:
            raise IllegalMove("not-in-hand", say("You hold no conflict card {card}; your conflict cards: {held}.",
                                                 card=move["card"], held=", ".join(held)), "MM-COMBAT-4")
        raise IllegalMove("not-in-hand", say("You hold no conflict card {card}; you hold none, so commit: conflict "
                                             "none.", card=move["card"]), "MM-COMBAT-4")
    battle.commit(ctx, seat, card)


def conflict_names(hand: list[int]) -> list[str]:
    """The conflict cards in `hand` as the notation names them, each once, sorted."""
    return sorted({data.NAME_OF_KIND[rules.kind(c)] for c in hand if rules.kind(c) in data.CONFLICT_KINDS})


# Each combatant commits a conflict card face down (MM-COMBAT-4, both asked at once: MM-ASYNC-1).
DECISION = Decision("commit", moves=frozenset({"conflict"}), rule="MM-COMBAT-4", prompt="face-down",
                    text=say("Commit a conflict card face down (conflict 2|3|4|5|ambush|none)."),
                    wrong=say("Commit a conflict card face down: 'conflict <2|3|4|5|ambush|none>'."),
                    legal=legal.conflict_moves, resolve=resolve, code="not-now")
