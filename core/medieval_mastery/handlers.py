"""Legality checks and the effect of each decision, per phase. Every refusal is an
IllegalMove naming the rule that forbids the move; the state here is already a private copy."""
from __future__ import annotations

from core.medieval_mastery import battle, cards, data, flow, rules
from core.medieval_mastery.notation import ARTEFACT_WORDS, format_move
from core.medieval_mastery.rules import board_of
from core.protocol import Event, IllegalMove

ART = {w: i for i, w in enumerate(ARTEFACT_WORDS)}


def current_rule(st: dict, seat: int) -> str:
    """The rule of what `seat` is asked to do now (for notation errors)."""
    ph = st["ph"]
    if ph == "window":
        return "MM-RES-FRACTURE"
    if ph == "commit":
        return "MM-COMBAT-4"
    if ph == "support":
        return "MM-COMBAT-5"
    if ph == "choice":
        return {"discard": "MM-ICON-MAYDISCARD", "insight": "MM-ART-INSIGHT", "order": "MM-ART-ORDER",
                "top": "MM-ART-PROSPERITY", "target": "MM-ICON-ANY", "sceptre": "MM-ICON-EQUAL"}[st["choice"]["kind"]]
    if ph == "over":
        return "MM-WIN-2"
    stage = st["stage"]
    if stage in ("m1", "m2"):
        return "MM-TURN-10"
    if stage == "vit":
        return "MM-ART-VITALITY"
    return "MM-TURN-2" if st["step"] in (2, 7) else "MM-TURN-4"


def not_now(what: str, rule: str):
    return IllegalMove("not-now", what, rule)


IN_MANOEUVRE = ("m1", "m2", "vit")
FINISH_MANOEUVRE = {"m1": "redistribute ('redis ...'), advance ('advance <tile> <knights>') or 'skip'",
                    "m2": "advance ('advance <tile> <knights>') or 'skip'",
                    "vit": "redistribute ('redis ...') or 'skip'"}


def manoeuvre_over(st: dict) -> bool:
    """The turn's normal manoeuvre is spent and no extra one is under way: step 7 or later."""
    return st["stage"] == "" and st["normal_done"]


def refuse_redis(st: dict) -> IllegalMove:
    """Why a redistribution is refused, from where the turn stands (MM-REDIS-1)."""
    if st["stage"] == "m2":
        extra = "this Tactical Advance" if st["mano"] == "ta" else "this turn"
        return not_now(f"You have already redistributed in {extra}: one redistribution per manoeuvre, before "
                       "its advance. Now advance ('advance <tile> <knights>') or 'skip'.", "MM-REDIS-1")
    if manoeuvre_over(st):
        return not_now("This turn's redistribution is over: it comes only before the advance, and you have "
                       "already advanced or skipped. A Tactical Advance (step 2 or 7) gives another one; "
                       "otherwise 'end'.", "MM-REDIS-1")
    return not_now("You may redistribute only before your advance (step 4), after a Tactical Advance "
                   "or with Crown of Vitality.", "MM-REDIS-1")


def refuse_advance(st: dict) -> IllegalMove:
    """Why an advance is refused, from where the turn stands."""
    if st["stage"] == "vit":
        return not_now("Crown of Vitality gives a redistribution without an advance: redistribute "
                       "('redis ...') or 'skip'.", "MM-ART-VITALITY")
    if manoeuvre_over(st):
        return not_now("You have already advanced (or skipped) this turn: one advance per manoeuvre. A Tactical "
                       "Advance (step 2 or 7) gives another one; otherwise 'end'.", "MM-TURN-5")
    return not_now("You may advance once per manoeuvre, at step 5.", "MM-TURN-5")


def refuse_resource(st: dict, what: str, rule: str) -> IllegalMove:
    """Why a resource card is refused on one's own turn: inside a manoeuvre, or step 2 is over."""
    if st["stage"] in IN_MANOEUVRE:
        back = st["ret"] if st["mano"] == "ta" else 7
        return not_now(f"{what} cannot be played during a redistribution or advance: first "
                       f"{FINISH_MANOEUVRE[st['stage']]}, then play it at step {back}.", rule)
    return not_now(f"{what} is played only at step 2 or 7: step 2 ended when you used your crown; play it at "
                   "step 7, after your advance (or 'skip').", rule)


# --- the active player's turn --------------------------------------------------------------

# Moves that answer something other than one's own turn step: why none is open now.
OFF_TURN_ANSWERS = {
    "conflict": "there is no battle now", "support": "there is no battle now",
    "pass": "nothing is waiting for an answer (passing answers a Fracture window or a support opportunity)",
    "discard": "no ability is asking you to discard", "insight": "Crown of Insight is not in use",
    "recycle": "Crown of Order is not in use", "top": "Crown of Prosperity is not in use",
    "target": "no crown is waiting for a target", "sceptre": "no sceptre is waiting for your choice",
}


def main(ctx, seat: int, move: dict, kind: str) -> None:
    st = ctx.st
    if seat != st["active"]:
        raise IllegalMove("not-your-turn", f"It is P{st['active']}'s turn.", "MM-TURN-9")
    stage, step = st["stage"], st["step"]
    resource_step = stage == "" and step in (2, 7)
    manoeuvre_start = stage == "" and step in (2, 4) and not st["normal_done"]
    if kind == "play":
        if not resource_step:
            raise refuse_resource(st, data.CARD_TITLES["CA" if move["card"] == "cta" else "TA"], "MM-RES-TIMING")
        code = "CA" if move["card"] == "cta" else "TA"
        if not cards.has(st["hand"][seat], code):
            raise IllegalMove("not-in-hand", f"You hold no {data.CARD_TITLES[code]}.", "MM-TERM-HAND")
        flow.play_resource(ctx, seat, code)
    elif kind == "fracture":
        if not resource_step:
            raise refuse_resource(st, "On your own turn Fracture", "MM-RES-FRACTURE")
        target, t = check_fracture(st, seat, move)
        flow.play_fracture(ctx, seat, target, t)
    elif kind == "crown":
        if not resource_step:
            if stage in IN_MANOEUVRE:  # inside a redistribution/advance: a closed window
                raise not_now(f"No crown during a redistribution or advance: first {FINISH_MANOEUVRE[stage]}.",
                              "MM-TURN-11")
            check_crown(st, seat)  # already used this turn: say that, not the step
            raise not_now("The crown is used only at step 3 or 8 of your own turn: step 3 is over, so use it at "
                          "step 8, after your advance (or 'skip').", "MM-CROWN-1")
        check_crown(st, seat)
        flow.use_crown(ctx, seat)
    elif kind == "redis":
        if not (manoeuvre_start or stage in ("m1", "vit")):
            raise refuse_redis(st)
        deltas, transfers = check_redis(st, seat, move["moves"])
        if stage == "":
            st["mano"] = "normal"
        flow.redistribute(ctx, seat, deltas, transfers)
        if stage == "vit":
            flow.finish_crown(ctx)
        else:
            st["stage"] = "m2"
    elif kind == "advance":
        if not (manoeuvre_start or stage in ("m1", "m2")):
            raise refuse_advance(st)
        node, count = check_advance(st, seat, move)
        if stage == "":
            st["mano"] = "normal"
        flow.advance(ctx, seat, node, count)
    elif kind == "skip":
        if stage in ("m1", "m2"):
            ctx.ev.append(Event(f"{{P{seat}}} does not advance."))
            flow.end_manoeuvre(ctx)
        elif stage == "vit":
            flow.finish_crown(ctx)
        elif manoeuvre_start:
            ctx.ev.append(Event(f"{{P{seat}}} makes no redistribution or advance."))
            flow.end_manoeuvre(ctx)
        else:
            raise not_now("There is nothing to skip now; write 'end' to end your turn.", "MM-TURN-9")
    elif kind == "end":
        if stage != "":
            raise not_now(f"Finish the current manoeuvre first: {FINISH_MANOEUVRE.get(stage, 'skip')}.",
                          "MM-TURN-10")
        ctx.ev.append(Event(f"{{P{seat}}} ends their turn."))
        flow.end_turn(ctx)
    else:
        why = OFF_TURN_ANSWERS.get(kind, "it does not belong to this step of your turn")
        raise not_now(f"'{format_move(move)}' is not possible now: {why}. On your turn you play resource cards, "
                      "use your crown, 'redis', 'advance', 'skip' or 'end'.", current_rule(st, seat))


def check_fracture(st: dict, seat: int, move: dict) -> tuple[int, int]:
    target, t = move["player"], ART[move["artefact"]]
    if not cards.has(st["hand"][seat], "FR"):
        raise IllegalMove("not-in-hand", "You hold no Fracture.", "MM-TERM-HAND")
    if target >= st["n"]:
        raise IllegalMove("no-such-player", f"There is no player P{target}.", "MM-RES-FRACTURE")
    if target == seat:
        raise IllegalMove("own-artefact", "Fracture cannot target your own artefact.", "MM-EDGE-10")
    if not flow.is_up(st, target, t):
        raise IllegalMove("face-down", "That artefact is already destroyed.", "MM-EDGE-10")
    return target, t


def check_crown(st: dict, seat: int) -> None:
    if st["crown_used"]:
        raise IllegalMove("crown-used", "You have already used your crown this turn.", "MM-CROWN-1")
    if not flow.is_up(st, seat, 0):
        raise IllegalMove("crown-destroyed", "Your crown is destroyed and cannot be used.", "MM-CROWN-3")


def check_target(st: dict, seat: int, move: dict) -> tuple[int, int]:
    """MM-ICON-ANY: any player, yourself included; Corruption needs a face-up artefact (MM-EDGE-10)."""
    aim = move["player"]
    if aim >= st["n"]:
        raise IllegalMove("no-such-player", f"There is no player P{aim}.", "MM-ICON-ANY")
    if st["arts"][seat][0] == "Prosperity":
        if "artefact" in move:
            raise IllegalMove("no-artefact", "Crown of Prosperity names only a player: 'target P1'.",
                              "MM-ART-PROSPERITY")
        return aim, -1
    if "artefact" not in move:
        raise IllegalMove("need-artefact", "Crown of Corruption: name a player and an artefact, "
                          "e.g. 'target P1 orb'.", "MM-ART-CORRUPTION")
    t = ART[move["artefact"]]
    if not flow.is_up(st, aim, t):
        raise IllegalMove("face-down", "Crown of Corruption must choose a face-up artefact.", "MM-EDGE-10")
    return aim, t


def node_of(st: dict, seat: int, name: str) -> int | None:
    board = board_of(st)
    if name == "C":
        return -1
    return board.node(name)


def check_redis(st: dict, seat: int, transfers: list) -> tuple[dict, list]:
    """MM-REDIS-2..4 and the dice limit (MM-EDGE-6)."""
    board = board_of(st)
    ok = set(rules.supplied(st, seat))
    deltas: dict[int, int] = {}
    parsed = []
    for src, dst, count in transfers:
        a, b = node_of(st, seat, src), node_of(st, seat, dst)
        for name, node in ((src, a), (dst, b)):
            if node is None or (node >= 0 and (node >= board.n_slots or st["own"][node] != seat)):
                raise IllegalMove("not-yours", f"{name} is neither your castle nor a territory you control.",
                                  "MM-REDIS-2")
            if node >= 0 and node not in ok:
                raise IllegalMove("no-supply", f"{name} has no supply line: it may not give or receive "
                                  "knights.", "MM-REDIS-4")
        if a == b:
            raise IllegalMove("same-place", "A transfer needs two different places.", "MM-REDIS-2")
        deltas[a] = deltas.get(a, 0) - count
        deltas[b] = deltas.get(b, 0) + count
        parsed.append((a, b, count))
    for node, delta in deltas.items():
        if node < 0:
            if st["castle"][seat] + delta < 0:
                raise IllegalMove("too-few", f"Your castle holds {st['castle'][seat]} knights; this redistribution "
                                  f"takes {-delta} out of it.", "MM-REDIS-2")
            continue
        after = st["kn"][node] + delta
        cap = rules.capacity(st, node)
        if after < 1:
            raise IllegalMove("abandon", f"{board.names[node]} has {st['kn'][node]} knights and would keep "
                              f"{after}: a territory must keep at least 1 knight.", "MM-REDIS-3")
        if after > cap:
            raise IllegalMove("capacity", f"{board.names[node]} holds at most {cap} knights.", "MM-REDIS-3")
    castle = st["castle"][seat] + deltas.get(-1, 0)
    if rules.dice_used(st, seat, castle) > data.DICE_PER_PLAYER:
        raise IllegalMove("dice", "That would need more than your 10 dice.", "MM-EDGE-6")
    return deltas, parsed


def check_advance(st: dict, seat: int, move: dict) -> tuple[int, int]:
    """MM-ADV-1..6, MM-EDGE-6, MM-EDGE-7, options."""
    board = board_of(st)
    name, count = move["to"], move["n"]
    if name == "C":
        raise IllegalMove("bad-target", "Knights advance from your castle into a territory.", "MM-ADV-6")
    node = board.node(name)
    if node is None:
        raise IllegalMove("no-such-tile", f"There is no tile {name} on this map.", "MM-ADV-2")
    if board.is_lake[node]:
        raise IllegalMove("lake", "Lakes can never be entered.", "MM-ADV-6")
    if node >= board.n_slots:
        if board.castle_owner[node] == seat:
            raise IllegalMove("own-castle", "You cannot advance into your own castle.", "MM-ADV-6")
        if not st["opts"]["siege"]:
            raise IllegalMove("castle", "Castles can be attacked only with the Castle Siege option.", "MM-ADV-6")
    elif st["own"][node] == seat:
        raise IllegalMove("own-territory", "You already control it: reinforce it by redistribution.", "MM-ADV-6")
    elif st["own"][node] >= 0 and rules.teammates(st, seat, st["own"][node]):
        raise IllegalMove("teammate", "You may not advance into a teammate's territory.", "MM-OPT-ALLIANCE-4")
    if node not in rules.targets(st, seat):
        raise IllegalMove("out-of-reach", f"{name} is not adjacent to your castle, a supplied territory of "
                          "yours, or a lake next to one.", "MM-ADV-2")
    if count < 1:
        raise IllegalMove("no-knights", "An advance moves at least one knight.", "MM-EDGE-7")
    if count > st["castle"][seat]:
        raise IllegalMove("too-few", f"Your castle holds only {st['castle'][seat]} knights; knights advance "
                          "only from the castle.", "MM-ADV-1")
    cap = rules.capacity(st, node)
    if count > cap:
        rule = "MM-OPT-SIEGE-3" if node >= board.n_slots else "MM-ADV-3"
        raise IllegalMove("capacity", f"At most {cap} knights may advance into {name}.", rule)
    if rules.dice_used(st, seat, st["castle"][seat] - count) + 1 > data.DICE_PER_PLAYER:
        raise IllegalMove("dice", "That advance would need more than your 10 dice.", "MM-EDGE-6")
    return node, count


# --- out-of-turn decisions ----------------------------------------------------------------

def window(ctx, seat: int, move: dict, kind: str) -> None:
    st = ctx.st
    w = st["window"]
    if seat != w["asked"]:
        raise IllegalMove("not-your-turn", "Another player is answering the Fracture window.", "MM-ASYNC-2")
    if kind == "pass":
        flow.answer_window(ctx, seat, None, None)
        return
    if kind != "fracture":
        raise not_now("A Fracture window is open: play 'fracture P<n> <artefact>' or 'pass'.", "MM-TURN-11")
    target, t = check_fracture(st, seat, move)
    if (target, t) not in flow.window_targets(st, seat):
        raise IllegalMove("bad-target", "In this window Fracture may target only the artefact being used "
                          "(a combatant's sceptre or orb in battle).", "MM-RES-FRACTURE")
    flow.answer_window(ctx, seat, target, t)


def commit(ctx, seat: int, move: dict, kind: str) -> None:
    st = ctx.st
    b = st["battle"]
    if seat not in (b["att"], b["def"]):
        raise IllegalMove("not-in-battle", "Only the attacker and the defender play conflict cards.", "MM-COMBAT-4")
    side = 0 if seat == b["att"] else 1
    if b["commit"][side] is not None:
        raise IllegalMove("already-committed", "You have already committed your conflict card.", "MM-ASYNC-1")
    if kind != "conflict":
        raise not_now("Commit a conflict card face down: 'conflict <2|3|4|5|ambush|none>'.", "MM-COMBAT-4")
    hand = st["hand"][seat]
    held = sorted({cards.NAME_OF_KIND[cards.kind(c)] for c in hand if cards.kind(c) in cards.CONFLICT_KINDS})
    if move["card"] == "none":
        if held:
            choices = " or ".join(f"'conflict {name}'" for name in held)
            raise IllegalMove("must-play", "'conflict none' is only for a player with no conflict card; you hold "
                              f"{', '.join(held)}, so you must play one: {choices}.", "MM-EDGE-5")
        battle.commit(ctx, seat, -1)
        return
    card = cards.find(hand, cards.KIND_OF_NAME[move["card"]])
    if card is None:
        raise IllegalMove("not-in-hand", f"You hold no conflict card {move['card']}; " +
                          (f"your conflict cards: {', '.join(held)}." if held else
                           "you hold none, so commit: conflict none."), "MM-COMBAT-4")
    battle.commit(ctx, seat, card)


def support(ctx, seat: int, move: dict, kind: str) -> None:
    st = ctx.st
    b = st["battle"]
    if seat != battle.support_seat(b):
        raise IllegalMove("not-your-turn", "It is another player's support opportunity.", "MM-COMBAT-5")
    if kind == "pass":
        battle.support_pass(ctx)
    elif kind == "support":
        hand = list(st["hand"][seat])
        chosen = []
        for word in move["cards"]:
            card = cards.find(hand, cards.KIND_OF_NAME[word])
            if card is None:
                raise IllegalMove("not-in-hand", f"You do not hold enough Support {word} cards.", "MM-COMBAT-5")
            hand.remove(card)
            chosen.append(card)
        battle.support_play(ctx, seat, chosen)
    else:
        raise not_now("Play support cards ('support +1 +2') or 'pass'.", "MM-COMBAT-5")
    battle.skip_unable(ctx)


def choice(ctx, seat: int, move: dict, kind: str) -> None:
    st = ctx.st
    ch = st["choice"]
    if seat != ch["seat"]:
        raise IllegalMove("not-your-turn", "Another player is making a choice.", current_rule(st, seat))
    want = {"discard": "discard", "insight": "insight", "order": "recycle", "top": "top",
            "target": "target", "sceptre": "sceptre"}[ch["kind"]]
    if kind != want:
        raise not_now(ch["text"], current_rule(st, seat))
    if want == "target":
        aim, t = check_target(st, seat, move)
        flow.apply_target(ctx, seat, aim, t)
        return
    if want == "sceptre":  # MM-ICON-EQUAL: Fear or Vigour, the holder's choice
        if move["use"]:
            battle.use_equal_knights(ctx, st["battle"], seat, ch["name"], ch["count"])
        else:
            ctx.ev.append(Event(f"{{P{seat}}} does not use the Sceptre of {ch['name']}."))
    elif want == "discard":
        if move["card"] != "none":
            card = cards.find(st["hand"][seat], cards.KIND_OF_NAME[move["card"]])
            if card is None:
                raise IllegalMove("not-in-hand", f"You hold no {move['card']} card.", "MM-ICON-MAYDISCARD")
            st["hand"][seat].remove(card)
            cards.discard(st, card)
            ctx.ev.append(Event(f"{{P{seat}}} discards {cards.title(card)}."))
        else:
            ctx.ev.append(Event(f"{{P{seat}}} discards nothing."))
    elif want == "insight":
        top = ch["cards"]
        order = move["order"]
        if sorted(order) != list(range(1, len(top) + 1)):
            raise IllegalMove("bad-order", f"Give an order of the positions 1..{len(top)}, each once.",
                              "MM-ART-INSIGHT")
        deck = st["deck"][seat]
        del deck[len(deck) - len(top):]
        for pos in reversed(order):
            deck.append(top[pos - 1])
        ctx.ev.append(Event(f"{{P{seat}}} puts the cards back in a new order."))
    elif want == "recycle":
        code = cards.KIND_OF_NAME[move["card"]]
        if code not in flow.recyclable(st, seat):
            raise IllegalMove("not-eligible", "Choose a card discarded during an earlier turn.", "MM-ICON-RECYCLE")
        pile, turns = st["disc"][seat], st["dturn"][seat]
        for i, (c, t) in enumerate(zip(pile, turns)):
            if cards.kind(c) == code and t < st["tno"]:
                del pile[i]
                del turns[i]
                st["deck"][seat].append(c)
                ctx.rng.shuffle(st["deck"][seat])
                ctx.ev.append(Event(f"{{P{seat}}} shuffles {cards.title(c)} from their discard pile into their deck."))
                break
    else:
        aim = ch["player"]
        card = st["deck"][aim][-1]
        if move["keep"]:
            ctx.ev.append(Event(f"{{P{seat}}} leaves the top card of {{P{aim}}}'s deck in place."))
        else:
            st["deck"][aim].pop()
            cards.discard(st, card)
            ctx.ev.append(Event(f"{{P{seat}}} puts {cards.title(card)} from {{P{aim}}}'s deck on the discard pile."))
    flow.continue_after(ctx, ch["then"])


PHASES = {"main": main, "window": window, "commit": commit, "support": support, "choice": choice}
