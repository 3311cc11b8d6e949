"""A support opportunity in battle (phase "support", MM-COMBAT-5): support cards or pass."""
from __future__ import annotations

from core.medieval_mastery import battle, rules
from core.medieval_mastery.phases.common import not_now
from core.medieval_mastery.state import Ctx, battle_of
from core.protocol import IllegalMove
from core.text import say, term


def decide(ctx: Ctx, seat: int, move: dict, kind: str) -> None:
    st = ctx.st
    if seat != battle.support_seat(battle_of(st)):
        raise IllegalMove("not-your-turn", say("It is another player's support opportunity."), "MM-COMBAT-5")
    if kind == "pass":
        battle.support_pass(ctx)
    elif kind == "support":
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
    else:
        raise not_now(say("Play support cards ('support +1 +2') or 'pass'."), "MM-COMBAT-5")
    battle.skip_unable(ctx)
