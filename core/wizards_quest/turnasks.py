"""The active player's decisions in step 5: cards (5a) and campaigns (5c)."""
from __future__ import annotations

from core.protocol import Event
from core.wizards_quest import board, cards
from core.wizards_quest.board import ORC, IDS
from core.wizards_quest import state as S
from core.wizards_quest import flow
from core.wizards_quest.battle_asks import all_donor_men, check_donors, move_in, send_creature
from core.wizards_quest.decisions import KINDS
from core.wizards_quest.setup_asks import treasure_index
from core.wizards_quest.flow import men as men_text, name
from core.wizards_quest.options import option
from core.wizards_quest.moves import bad, terr, count, men_map, hero_name, flag, duchy

# ------------------------------------------------------------------ cards (5a) -----


def movable_treasures(st, seat):
    """Opponents' treasures still on the map (WQ-CARD-TREASURE)."""
    return [i for i, tr in enumerate(st["tre"]) if tr[0] != seat and tr[2] >= 0]


def play_options(st, seat, card):
    kind = cards.kind(card)
    if kind in ("DRAGON", "PEACE"):
        return [{"type": "play", "card": card, "duchy": d} for d in range(1, 7)]
    if kind == "TREASURE" and movable_treasures(st, seat):
        taken = {tr[2] for tr in st["tre"]}
        examples = []
        for i in movable_treasures(st, seat)[:4]:
            owner = st["tre"][i][0]
            spots = [t for t in range(board.TERRITORIES) if t not in taken and st["own"][t] == owner][:1] \
                or [t for t in range(board.TERRITORIES) if t not in taken][:1]
            examples += [{"type": "play", "card": card, "treasure": S.treasure_id(i), "to": IDS[t]} for t in spots]
        return [{"pattern": f"play {card} <treasure> <territory>",
                 "help": "Move an opponent's treasure to a territory holding no treasure."}] + examples
    return [{"type": "play", "card": card}]


def playable(st, f, hand):
    """The cards this window lets the player play: his hand at the start of his turn; after the
    ring only the card drawn for it (WQ-CARDS-4, WQ-TREASURE-4), under the original's reading."""
    if f["mode"] != "ring":
        return hand
    ring_full = len(hand) > 2 and f["new"] in hand
    if ring_full or option(st, "ring-window") == "drawn-card":
        return [f["new"]] if f["new"] in hand else []
    return hand


def cards_legal(st, f):
    seat, hand = f["seat"], st["hands"][f["seat"]]
    out = []
    if f["mode"] == "turn" and not f["drew"] and (st["deck"] or st["disc"]):
        out.append({"type": "draw"})
    ring_full = f["mode"] == "ring" and len(hand) > 2 and f["new"] in hand
    for card in playable(st, f, hand):
        out.extend(play_options(st, seat, card))
    if ring_full:
        out.append({"type": "discard", "card": f["new"]})
    if len(hand) <= 2:
        out.append({"type": "done"})
    return out


def cards_auto(st, f):
    hand = st["hands"][f["seat"]]
    if not hand and (f["mode"] == "ring" or f["drew"] or not (st["deck"] or st["disc"])):
        return {"type": "done"}
    if f["mode"] == "ring" and f["new"] not in hand and option(st, "ring-window") == "drawn-card":
        return {"type": "done"}  # the ring's card is played or discarded: the window closes
    return None


def cards_resolve(st, f, mv, rng, ev):
    seat, hand = f["seat"], st["hands"][f["seat"]]
    kind = mv.get("type")
    if kind == "draw":
        if f["mode"] != "turn" or f["drew"]:
            bad("You may draw only one card, at the start of your turn.", "WQ-CARDS-1")
        f["drew"] = True
        card = flow.draw_card(st, rng, ev)
        if card is None:
            bad("The deck and the discard pile are both empty.", "WQ-CARDS-5")
        if cards.immediate(card):  # WQ-CARDS-2
            st["disc"].append(card)
            st["tn"]["cut"] = max(st["tn"]["cut"], cards.CUT[cards.kind(card)])
            ev.append(Event(f"{{P{seat}}} draws {cards.describe(card)} and must play it at once."))
        else:
            hand.append(card)
            ev.append(Event(f"{{P{seat}}} draws a card."))
            ev.append(Event(f"You drew {cards.describe(card)}.", (seat,)))
        return
    if kind == "done":
        if len(hand) > 2:
            bad("You hold 3 cards: play one of them first.", "WQ-CARDS-3")
        st["q"].pop()
        return
    card = mv.get("card")
    if card not in hand:
        held = ", ".join(hand) or "no cards"
        bad(f"{card!r} is not a card in your hand (you hold {held}).", "WQ-CARDS-4", "not-in-hand")
    if kind == "discard":
        if f["mode"] != "ring" or card != f["new"] or len(hand) <= 2:
            bad("Only the card drawn for the ring, with a full hand, may be discarded.", "WQ-TREASURE-4")
        hand.remove(card)
        st["disc"].append(card)
        ev.append(Event(f"{{P{seat}}} discards the card drawn for the ring."))
        return
    if kind != "play":
        bad("Draw, play a card, or say done.", "WQ-CARDS-1")
    if f["mode"] == "ring" and len(hand) > 2 and f["new"] in hand and card != f["new"]:
        bad("With a full hand the card drawn for the ring must be played or discarded first.", "WQ-TREASURE-4")
    if card not in playable(st, f, hand):
        bad("Cards are played only at the start of your turn; now only the card drawn for the ring may be "
            "played.", "WQ-CARDS-4")
    play_card(st, seat, card, mv, rng, ev)


def play_card(st, seat, card, mv, rng, ev):
    kind = cards.kind(card)
    args = {}
    if kind in ("DRAGON", "PEACE"):
        args["duchy"] = duchy(mv.get("duchy"), "WQ-CARD-DRAGON" if kind == "DRAGON" else "WQ-CARD-PEACE")
    elif kind == "TREASURE" and movable_treasures(st, seat):
        i = treasure_index(st, mv.get("treasure"), "WQ-CARD-TREASURE")
        t = terr(mv.get("to"), "WQ-CARD-TREASURE")
        if i not in movable_treasures(st, seat):
            bad("Choose an opponent's treasure that is on the map.", "WQ-CARD-TREASURE")
        if S.treasure_at(st, t) >= 0:
            bad(f"{IDS[t]} already holds a treasure.", "WQ-AMB-24")
        args = {"i": i, "t": t}
    elif set(mv) - {"type", "card"}:
        bad(f"{card} takes no further choices.", "WQ-CARDS-4")
    st["hands"][seat].remove(card)
    (st["boats"][seat] if kind == "BOAT" else st["disc"]).append(card)
    ev.append(Event(f"{{P{seat}}} plays {cards.describe(card)}."))
    men, extra = cards.men(card), cards.extra(card)
    if kind == "SIX":  # WQ-CARD-SIX, WQ-CARDS-9
        if S.units(st, seat) < 7:
            men = 6
        else:
            extra = 1
    if men:
        flow.give_men(st, seat, men, ev)
    if extra:
        flow.give_extra(st, seat, ev)
    if kind == "DRAGON":
        send_creature(st, "dragon", args["duchy"], rng, ev)
    elif kind == "PEACE":
        send_creature(st, "peace", args["duchy"], rng, ev)
    elif kind == "TREASURE":
        if not args:
            ev.append(Event("No opponent's treasure is on the map: the card has no effect."))
            return
        tr = st["tre"][args["i"]]
        tr[2] = args["t"]
        ev.append(Event(f"{{P{tr[0]}}}'s treasure {S.treasure_id(args['i'])} is moved to {name(args['t'])}."))
        flow.collect_here(st, tr[0], args["t"], rng, ev)  # WQ-TREASURE-5


# ------------------------------------------------------------------ campaigns (5c) --

def boat_ready(st, seat):
    """A boat card to use now: any of them, each one crossing (WQ-BOAT-2, WQ-BOAT-3); games created
    under rules version 1 allowed one boat a turn."""
    tn = st["tn"]
    if not st["boats"][seat] or tn is None or tn["seat"] != seat:
        return False
    return not tn["boat"] or option(st, "boat-limit") == "none"


def no_boat(st):
    if option(st, "boat-limit") == "none":
        return "You have no boat card to use."
    return "You have no boat to use this turn."


def attack_plan(st, seat, mv):
    """Check a campaign declaration; return the plan or raise IllegalMove."""
    src = terr(mv.get("from"), "WQ-CAMP-2")
    tgt = terr(mv.get("to"), "WQ-CAMP-2")
    vs = mv.get("vs", "army")
    if vs not in ("army", "dragon", "peace"):
        bad(f"{vs!r}: attack an army, the dragon or the Peacemaker.", "WQ-CAMP-2")
    boat = flag(mv.get("boat"), "WQ-BOAT-2")
    hero = hero_name(mv.get("hero"), "WQ-HERO-MOVE-1")
    men = men_map(mv.get("men", {}), "WQ-CAMP-4")
    plan = attack_check(st, seat, src, tgt, vs, boat, hero, men)
    if "refused" in plan:
        bad(plan["refused"], plan["rule"])
    return plan


def _no(message, rule):
    return {"refused": message, "rule": rule}


def attack_check(st, seat, src, tgt, vs, boat, hero, men):
    """The campaign rules on clean values: a plan, or {"refused": message, "rule": id}."""
    own = st["own"]
    if own[src] != seat:
        return _no(f"You hold no army on {IDS[src]}.", "WQ-CAMP-2")
    d = own[tgt]
    if vs != "army":
        if st[vs] != tgt:
            return _no(f"The {'dragon' if vs == 'dragon' else 'Peacemaker'} is not on {IDS[tgt]}.", "WQ-SPECIAL-1")
        if d == seat:
            mode = "special"
            if src != tgt or boat or men:  # a hero may still be moved in (WQ-SPECIAL-4)
                return _no("On your own territory only the army already there may attack it.", "WQ-SPECIAL-3")
        elif d == -1:
            mode = "camp"  # either creature first: the seed says "against one of them" (WQ-SPECIAL-1)
        else:
            mode = "special"
    else:
        if st["dragon"] == tgt or st["peace"] == tgt:
            word, who = ("dragon", "The dragon") if st["dragon"] == tgt else ("peace", "The Peacemaker")
            if d == -1:
                return _no(f"{who} stands on {IDS[tgt]}: attack it instead "
                           f"('attack {IDS[src]} {IDS[tgt]} {word}').", "WQ-SPECIAL-1")
            return _no(f"{who} stands on {IDS[tgt]}: drive it off first "
                       f"('attack {IDS[src]} {IDS[tgt]} {word}').", "WQ-SPECIAL-2")
        if d == seat:
            return _no("You cannot attack your own territory.", "WQ-CAMP-9")
        if S.is_protected(st, tgt):
            return _no(f"The Peacemaker protects {IDS[tgt]}.", "WQ-PEACE-3")
        mode = "camp"
    if src != tgt:
        if boat:
            if not boat_ready(st, seat):
                return _no(no_boat(st), "WQ-BOAT-2")
            if tgt not in board.BOAT_REACH[src]:
                return _no(f"No boat goes from {IDS[src]} to {IDS[tgt]}.", "WQ-BOAT-2")
        elif tgt not in board.ADJ_SET[src]:
            return _no(f"{IDS[tgt]} is not adjacent to {IDS[src]}.", "WQ-CAMP-2")
    if mode == "camp" and st["tn"]["camps"] < 1:
        return _no("You have no campaign left this turn.", "WQ-CAMP-1")
    swap_from = -1
    at_src = S.hero_at(st, seat, src)
    if hero:
        pos = st["ch" if hero == "champion" else "wz"][seat]
        if pos < 0:
            return _no(f"Your {hero} is not on the map.", "WQ-HERO-MOVE-1")
        if pos == src:
            return _no(f"Your {hero} is already there.", "WQ-HERO-MOVE-1")
        if at_src:
            swap_from = pos
        elif st["n"][pos] < 1:
            return _no(f"Moving the {hero} would leave {IDS[pos]} empty.", "WQ-CAMP-8")
        at_src = hero
    if men:
        if mode == "special":
            return _no("No men may be moved in during a special campaign.", "WQ-SPECIAL-4")
        check_donors(st, seat, src, boat, men)
        if hero and swap_from < 0:
            pos = st["ch" if hero == "champion" else "wz"][seat]
            if pos in men and st["n"][pos] - men[pos] < 1:
                return _no(f"{IDS[pos]} must keep at least one piece.", "WQ-CAMP-8")
    if vs == "dragon" and not at_src:
        return _no("Only an army with a champion or a wizard may attack the dragon.", "WQ-SPECIAL-5")
    if vs == "peace" and at_src != "wizard":
        return _no("Only an army with a wizard may attack the Peacemaker.",
                   "WQ-CHAMP-2" if at_src == "champion" else "WQ-SPECIAL-5")
    if vs == "army" and 0 <= d < ORC and st["ch"][d] == tgt and at_src != "champion":
        return _no("Only a champion-led army may attack a territory holding a champion.", "WQ-CHAMP-1")
    return {"src": src, "tgt": tgt, "vs": vs, "mode": mode, "boat": boat, "hero": hero, "swap": swap_from,
            "men": men}


def run_attack(st, seat, plan, ev):
    src, tgt = plan["src"], plan["tgt"]
    tn = st["tn"]
    if plan["mode"] == "camp":
        tn["camps"] -= 1
    if plan["boat"]:
        tn["boat"] = True
        st["disc"].append(st["boats"][seat].pop(0))  # WQ-BOAT-3
    hero = plan["hero"]
    if hero:
        pos = st["ch" if hero == "champion" else "wz"][seat]
        swapped = ""
        if plan["swap"] >= 0:
            other = "wizard" if hero == "champion" else "champion"
            S.put_hero(st, seat, other, pos)
            swapped = f"; their {other} goes to {IDS[pos]}"  # the swap of WQ-HERO-MOVE-1, said aloud
        st["ch" if hero == "champion" else "wz"][seat] = src
        S.refresh(st, pos)
        ev.append(Event(f"{{P{seat}}} moves their {hero} to {IDS[src]}{swapped}."))
    move_in(st, seat, src, plan["men"], ev)
    via = board.BOAT if plan["boat"] else board.LAND if src == tgt else board.LINK[(src, tgt)]
    what = {"dragon": "the dragon on ", "peace": "the Peacemaker on "}.get(plan["vs"], "")
    kind = "a special campaign" if plan["mode"] == "special" else "a campaign"
    ev.append(Event(f"{{P{seat}}} starts {kind} from {IDS[src]} against {what}{name(tgt)}"
                    + (" by boat." if plan["boat"] else ".")))
    st["q"].append(flow.fight_frame(plan["mode"], seat, src, tgt, plan["vs"], via, st["own"][tgt]))


def sail_plan(st, seat, mv):
    """WQ-BOAT-6: a boat move between two of the player's own territories on one water."""
    src = terr(mv.get("from"), "WQ-BOAT-6")
    tgt = terr(mv.get("to"), "WQ-BOAT-6")
    k = count(mv.get("men"), "WQ-BOAT-6")
    hero = hero_name(mv.get("hero"), "WQ-BOAT-6")
    if not boat_ready(st, seat):
        bad(no_boat(st), "WQ-BOAT-2")
    if st["own"][src] != seat or st["own"][tgt] != seat or src == tgt:
        bad("A boat move goes between two different territories you hold.", "WQ-BOAT-6")
    if tgt not in board.BOAT_REACH[src]:
        bad(f"No boat goes from {IDS[src]} to {IDS[tgt]}.", "WQ-BOAT-2")
    if k > st["n"][src] or (hero and S.hero_at(st, seat, src) != hero):
        there = S.hero_at(st, seat, src)
        bad(f"{IDS[src]} holds {men_text(st['n'][src])}" + (f" and your {there}" if there else " and no hero")
            + f"; you asked to sail {men_text(k)}" + (f" and your {hero}." if hero else "."), "WQ-BOAT-6")
    moved = k + (1 if hero else 0)
    if moved < 1 or S.pieces(st, src) - moved < 1:
        bad("Move at least one piece and leave at least one behind.", "WQ-CAMP-8")
    if hero and S.hero_at(st, seat, tgt):
        bad("Champion and wizard may never stand on the same territory.", "WQ-STACK-2")
    return src, tgt, k, hero


def camp_resolve(st, f, mv, rng, ev):
    seat = f["seat"]
    kind = mv.get("type")
    if kind == "end":
        st["q"].pop()
        st["q"][-1]["st"] = "end"
        ev.append(Event(f"{{P{seat}}} ends their turn."))
        return
    if kind == "attack":
        plan = attack_plan(st, seat, mv)
        st["q"].pop()
        run_attack(st, seat, plan, ev)
        return
    if kind == "sail":
        src, tgt, k, hero = sail_plan(st, seat, mv)
        st["q"].pop()
        st["tn"]["boat"] = True
        st["disc"].append(st["boats"][seat].pop(0))
        st["n"][src] -= k
        st["n"][tgt] += k
        if hero:
            S.put_hero(st, seat, hero, tgt)
        S.refresh(st, src)
        ev.append(Event(f"{{P{seat}}} sails {flow.men(k)}" + (f" and their {hero}" if hero else "")
                        + f" from {IDS[src]} to {IDS[tgt]}."))
        return
    bad("Attack, sail, or end your turn.", "WQ-CAMP-1")


def simple_attacks(st: dict, seat: int, with_heroes: bool = False, first_only: bool = False) -> list[dict]:
    """Every campaign declaration without men moved in (and, optionally, with a hero move)."""
    return [attack_move(option) for option in attack_options(st, seat, with_heroes, first_only)]


Attack = tuple  # (source, target, "army"|"dragon"|"peace", by boat, hero moved in or "")


def attack_move(option: Attack) -> dict:
    src, tgt, vs, by_boat, hero = option
    return {"type": "attack", "from": IDS[src], "to": IDS[tgt], "vs": vs, "boat": by_boat, "hero": hero, "men": {}}


def attack_options(st: dict, seat: int, with_heroes: bool = False, first_only: bool = False) -> list[Attack]:
    """The declarations of `simple_attacks` as tuples, in the order of the map: the rules of
    `attack_check` for these plain declarations, worked out once per target and once per source
    instead of once per declaration (the random player's hot path)."""
    tn = st["tn"]
    camps = tn["camps"] if tn else 0
    creatures = [t for t in (st["dragon"], st["peace"]) if t >= 0]
    if camps < 1 and not creatures:
        return []
    out: list[Attack] = []
    own = st["own"]
    kinds = _target_table(st, seat, camps)
    boats = boat_ready(st, seat)
    for src in range(board.TERRITORIES):
        if own[src] != seat:
            continue
        leaders = _leaders(st, seat, src, with_heroes)
        reach = [(board.ADJ[src], False), (board.BOAT_REACH[src] if boats else (), True),
                 ((src,) if src in creatures else (), False)]
        for targets, boat in reach:
            for tgt in targets:
                for vs, champion_only in kinds[tgt]:
                    if vs != "army" and tgt != src and own[tgt] == seat:
                        continue  # WQ-SPECIAL-3: only the army already there
                    for hero, lead in leaders:
                        if _may_lead(vs, champion_only, lead):
                            out.append((src, tgt, vs, boat, hero))
                            if first_only:
                                return out
    return out


def _target_table(st: dict, seat: int, camps: int) -> list[tuple[tuple[str, bool], ...]]:
    """Per territory: what a campaign may attack there, and whether only a champion may lead it
    (WQ-SPECIAL-1, WQ-CAMP-1, WQ-CAMP-9, WQ-PEACE-3, WQ-CHAMP-1)."""
    own, dragon, peace = st["own"], st["dragon"], st["peace"]
    protected = board.DUCHY[peace] if peace >= 0 else -1
    table: list[tuple[tuple[str, bool], ...]] = []
    for tgt in range(board.TERRITORIES):
        d = own[tgt]
        if tgt == dragon or tgt == peace:
            fine = camps >= 1 or d != -1  # a creature on an empty territory is a campaign's target
            table.append(((("dragon", False),) if fine and tgt == dragon else ())
                         + ((("peace", False),) if fine and tgt == peace else ()))
        elif camps < 1 or d == seat or (tgt < board.COUNTIES and board.DUCHY[tgt] == protected):
            table.append(())
        else:
            table.append((("army", 0 <= d < ORC and st["ch"][d] == tgt),))
    return table


def _leaders(st: dict, seat: int, src: int, with_heroes: bool) -> list[tuple[str, str | None]]:
    """(hero moved in, hero leading the army on src) for the declarations allowed from src
    (WQ-HERO-MOVE-1, WQ-CAMP-8)."""
    at_src = S.hero_at(st, seat, src)
    out: list[tuple[str, str | None]] = [("", at_src)]
    if with_heroes:
        for hero in S.HEROES:
            pos = st["ch" if hero == "champion" else "wz"][seat]
            if pos >= 0 and pos != src and (at_src or st["n"][pos] >= 1):
                out.append((hero, hero))
    return out


def _may_lead(vs: str, champion_only: bool, lead: str | None) -> bool:
    """Who may attack what (WQ-SPECIAL-5, WQ-CHAMP-1, WQ-CHAMP-2)."""
    if vs == "dragon":
        return bool(lead)
    if vs == "peace":
        return lead == "wizard"
    return not champion_only or lead == "champion"


def simple_sails(st, seat):
    if not boat_ready(st, seat):
        return []
    out = []
    for src in S.territories(st, seat):
        if st["n"][src] < 1 or S.pieces(st, src) < 2:
            continue
        for tgt in board.BOAT_REACH[src]:
            if st["own"][tgt] == seat:
                out.append({"type": "sail", "from": IDS[src], "to": IDS[tgt], "men": min(st["n"][src], S.pieces(st, src) - 1),
                            "hero": ""})
    return out


def camp_legal(st, f):
    seat = f["seat"]
    plain = simple_attacks(st, seat)
    out = plain + simple_sails(st, seat) + [{"type": "end"}]
    goals = [tr[2] for tr in st["tre"] if tr[0] == seat and tr[2] >= 0]
    for m in plain:  # concrete examples beside the pattern: all the neighbours' men join in
        src, tgt = board.INDEX[m["from"]], board.INDEX[m["to"]]
        if m["vs"] == "army" and any(board.DIST[tgt][g] < board.DIST[src][g] for g in goals):
            men = all_donor_men(st, seat, board.INDEX[m["from"]], m["boat"])
            if men:
                out.append(dict(m, men=men))
    out.append({"pattern": "attack <from> <to> [dragon|peace] [boat] [champion|wizard] [<territory>:<men> ...]",
                "help": "A campaign, with an optional hero move and men moved in first."})
    if boat_ready(st, seat):
        out.append({"pattern": "sail <from> <to> <men> [champion|wizard]", "help": "A boat move."})
    return out


def camp_auto(st, f):
    seat = f["seat"]
    if st["out"][seat]:
        return {"type": "end"}
    if attack_options(st, seat, with_heroes=True, first_only=True) or simple_sails(st, seat):
        return None
    return {"type": "end"}


KINDS["cards"] = (cards_legal, cards_auto, cards_resolve, "cards", "Draw a card, play cards, or say done.")
KINDS["camp"] = (camp_legal, camp_auto, camp_resolve, "turn", "Make a campaign or end your turn.")
