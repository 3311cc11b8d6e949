"""A support opportunity in battle (phase "support", MM-COMBAT-5): support cards or pass."""
from __future__ import annotations

from core.medieval_mastery import battle, legal, rules
from core.medieval_mastery.state import Ctx, battle_of
from core.phase import Decision
from core.protocol import IllegalMove
from core.text import say, term


def resolve(ctx: Ctx, seat: int, move: dict) -> None:
    st = ctx.st
    if seat != battle.support_seat(battle_of(st)):
        raise IllegalMove("not-your-turn", say("It is another player's support opportunity."), "MM-COMBAT-5")
    if move["type"] == "pass":
        battle.support_pass(ctx)
    else:
        hand = list(st["hand"][seat])
        chosen = []
        for word in move["cards"]:
            card = rules.find_named(hand, word)
            if card is None:
                raise IllegalMove("not-in-hand", say("You do not hold enough {card} cards.", card=term("Support " + word)),
                                  "MM-COMBAT-5")
            hand.remove(card)
            chosen.append(card)
        battle.support_play(ctx, seat, chosen)
    battle.skip_unable(ctx)


# The side whose support opportunity it is (MM-COMBAT-5, the sides in turn: MM-ASYNC-4).
DECISION = Decision("support", moves=frozenset({"support", "pass"}), rule="MM-COMBAT-5", prompt="support",
                    text=say("Your support opportunity: play support cards (support +1 +2) or pass."),
                    wrong=say("Play support cards ('support +1 +2') or 'pass'."),
                    legal=legal.support_moves, resolve=resolve, code="not-now")
