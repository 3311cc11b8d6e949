"""The active player's campaigns and boat moves (step 5c, WQ-CAMP-1 to -9, WQ-BOAT-1 to -6)."""
from __future__ import annotations

from typing import Iterable

from core.protocol import Event
from core.memo import Memo
from core.rng import Rng
from core.text import Msg, P, pattern, say, term
from core.wizards_quest import board
from core.wizards_quest import state as S
from core.wizards_quest.battle import all_donor_men, check_donors, fight_frame, move_in
from core.wizards_quest.board import ORC, IDS, name
from core.wizards_quest.effects import men as count_men
from core.wizards_quest.notation import WORDS, bad, count, flag, hero_name, men_map, terr
from core.wizards_quest.options import option
from core.phase import Decision
from core.wizards_quest.state import QUIET, Frame, State
from core.records import new_event


def boat_ready(st: State, seat: int) -> bool:
    """A boat card to use now: any of them, each one crossing (WQ-BOAT-2, WQ-BOAT-3); games created
    under rules version 1 allowed one boat a turn."""
    tn = st["turn"]
    if not st["boats"][seat] or tn is None or tn["seat"] != seat:
        return False
    return not tn["boat_used"] or option(st, "boat-limit") == "none"


def no_boat(st: State) -> Msg:
    if option(st, "boat-limit") == "none":
        return say("You have no boat card to use.")
    return say("You have no boat to use this turn.")


def attack_plan(st: State, seat: int, mv: dict) -> dict:
    """Check a campaign declaration; return the plan or raise IllegalMove."""
    src = terr(mv.get("from"), "WQ-CAMP-2")
    tgt = terr(mv.get("to"), "WQ-CAMP-2")
    vs = mv.get("vs", "army")
    if vs not in ("army", "dragon", "peace"):
        bad(say("{value}: attack an army, the dragon or the Peacemaker.", value=repr(vs)), "WQ-CAMP-2")
    boat = flag(mv.get("boat"), "WQ-BOAT-2")
    hero = hero_name(mv.get("hero"), "WQ-HERO-MOVE-1")
    men = men_map(mv.get("men", {}), "WQ-CAMP-4")
    plan = attack_check(st, seat, src, tgt, vs, boat, hero, men)
    if "refused" in plan:
        bad(plan["refused"], plan["rule"])
    return plan


def _no(message: Msg, rule: str) -> dict:
    return {"refused": message, "rule": rule}



def attack_check(st: State, seat: int, src: int, tgt: int, vs: str, boat: bool, hero: str,
                 men: dict[int, int]) -> dict:
    """The campaign rules on clean values: a plan, or {"refused": message, "rule": id}."""
    if st["owner"][src] != seat:
        return _no(say("You hold no army on {territory}.", territory=IDS[src]), "WQ-CAMP-2")
    mode = _campaign_kind(st, seat, src, tgt, vs, boat, men)
    if isinstance(mode, dict):
        return mode
    refused = _crossing_refusal(st, seat, src, tgt, boat)
    if refused:
        return refused
    if mode == "camp" and st["turn"] is not None and st["turn"]["campaigns"] < 1:
        return _no(say("You have no campaign left this turn."), "WQ-CAMP-1")
    lead = _hero_move(st, seat, src, hero)
    if isinstance(lead, dict):
        return lead
    at_src, swap_from = lead
    if men:
        if mode == "special":
            return _no(say("No men may be moved in during a special campaign."), "WQ-SPECIAL-4")
        check_donors(st, seat, src, boat, men)
        pos = S.hero_position(st, seat, hero) if hero else -1
        if hero and swap_from < 0 and pos in men and st["men"][pos] - men[pos] < 1:
            return _no(say("{territory} must keep at least one piece.", territory=IDS[pos]), "WQ-CAMP-8")
    return _leader_refusal(st, tgt, vs, at_src) or {
        "src": src, "tgt": tgt, "vs": vs, "mode": mode, "boat": boat, "hero": hero, "swap": swap_from, "men": men}


def _campaign_kind(st: State, seat: int, src: int, tgt: int, vs: str, boat: bool,
                   men: dict[int, int]) -> str | dict:
    """"camp" or "special" (WQ-SPECIAL-1 to -3), or the refusal of what the target holds."""
    d = st["owner"][tgt]
    if vs != "army":
        if st[vs] != tgt:  # type: ignore[literal-required]
            return _no(say("The dragon is not on {territory}.", territory=IDS[tgt]) if vs == "dragon" else
                       say("The Peacemaker is not on {territory}.", territory=IDS[tgt]), "WQ-SPECIAL-1")
        if d == seat and (src != tgt or boat or men):  # a hero may still be moved in (WQ-SPECIAL-4)
            return _no(say("On your own territory only the army already there may attack it."), "WQ-SPECIAL-3")
        return "camp" if d == -1 else "special"  # either creature first: "against one of them" (WQ-SPECIAL-1)
    if st["dragon"] == tgt or st["peace"] == tgt:
        dragon = st["dragon"] == tgt
        move = f"attack {IDS[src]} {IDS[tgt]} {'dragon' if dragon else 'peace'}"  # (notation)
        if d == -1:
            return _no(say("The dragon stands on {territory}: attack it instead ('{move}').", territory=IDS[tgt],
                           move=move) if dragon else
                       say("The Peacemaker stands on {territory}: attack it instead ('{move}').", territory=IDS[tgt],
                           move=move), "WQ-SPECIAL-1")
        return _no(say("The dragon stands on {territory}: drive it off first ('{move}').", territory=IDS[tgt],
                       move=move) if dragon else
                   say("The Peacemaker stands on {territory}: drive it off first ('{move}').", territory=IDS[tgt],
                       move=move), "WQ-SPECIAL-2")
    if d == seat:
        return _no(say("You cannot attack your own territory."), "WQ-CAMP-9")
    if S.is_protected(st, tgt):
        return _no(say("The Peacemaker protects {territory}.", territory=IDS[tgt]), "WQ-PEACE-3")
    return "camp"


def _crossing_refusal(st: State, seat: int, src: int, tgt: int, boat: bool) -> dict | None:
    """A campaign goes to a neighbour, or by boat over one water (WQ-CAMP-2, WQ-BOAT-2)."""
    if src == tgt:
        return None
    if boat:
        if not boat_ready(st, seat):
            return _no(no_boat(st), "WQ-BOAT-2")
        if tgt not in board.BOAT_REACH[src]:
            return _no(say("No boat goes from {source} to {target}.", source=IDS[src], target=IDS[tgt]), "WQ-BOAT-2")
    elif tgt not in board.ADJ_SET[src]:
        return _no(say("{target} is not adjacent to {source}.", target=IDS[tgt], source=IDS[src]), "WQ-CAMP-2")
    return None


def _hero_move(st: State, seat: int, src: int, hero: str) -> tuple[str | None, int] | dict:
    """(the hero leading from src, where a swapped hero came from or -1), or the refusal of the
    hero moved in first (WQ-HERO-MOVE-1, WQ-CAMP-8)."""
    at_src = S.hero_at(st, seat, src)
    if not hero:
        return at_src, -1
    pos = S.hero_position(st, seat, hero)
    if pos < 0:
        return _no(say("Your {hero} is not on the map.", hero=term(hero)), "WQ-HERO-MOVE-1")
    if pos == src:
        return _no(say("Your {hero} is already there.", hero=term(hero)), "WQ-HERO-MOVE-1")
    if at_src:
        return hero, pos
    if st["men"][pos] < 1:
        return _no(say("Moving the {hero} would leave {territory} empty.", hero=term(hero), territory=IDS[pos]),
                   "WQ-CAMP-8")
    return hero, -1


def _leader_refusal(st: State, tgt: int, vs: str, at_src: str | None) -> dict | None:
    """Who may attack what (WQ-SPECIAL-5, WQ-CHAMP-1, WQ-CHAMP-2)."""
    d = st["owner"][tgt]
    if vs == "dragon" and not at_src:
        return _no(say("Only an army with a champion or a wizard may attack the dragon."), "WQ-SPECIAL-5")
    if vs == "peace" and at_src != "wizard":
        return _no(say("Only an army with a wizard may attack the Peacemaker."),
                   "WQ-CHAMP-2" if at_src == "champion" else "WQ-SPECIAL-5")
    if vs == "army" and 0 <= d < ORC and st["champion"][d] == tgt and at_src != "champion":
        return _no(say("Only a champion-led army may attack a territory holding a champion."), "WQ-CHAMP-1")
    return None


def _declared(seat: int, src: int, tgt: int, vs: str, mode: str, boat: bool) -> Event:
    """The event of a campaign declared: from where, against what, how (made once for its
    arguments, DECLARED: a player declares the same few campaigns again and again)."""
    key = (seat, src, tgt, vs, mode, boat)
    told = DECLARED.get(key)
    return told if told is not None else DECLARED.keep(key, _declaring(seat, src, tgt, vs, mode, boat))


DECLARED = Memo(4096)  # (seat, source, target, vs, mode, boat) -> _declared's event


def _declaring(seat: int, src: int, tgt: int, vs: str, mode: str, boat: bool) -> Event:
    """_declared's event, made."""
    target = say("the dragon on {where}", where=name(tgt)) if vs == "dragon" else \
        say("the Peacemaker on {where}", where=name(tgt)) if vs == "peace" else name(tgt)
    if mode == "special" and boat:
        said = say("{player} starts a special campaign from {source} against {target} by boat.", player=P(seat),
                   source=IDS[src], target=target)
    elif mode == "special":
        said = say("{player} starts a special campaign from {source} against {target}.", player=P(seat),
                   source=IDS[src], target=target)
    elif boat:
        said = say("{player} starts a campaign from {source} against {target} by boat.", player=P(seat),
                   source=IDS[src], target=target)
    else:
        said = say("{player} starts a campaign from {source} against {target}.", player=P(seat), source=IDS[src],
                   target=target)
    return new_event((said, None, None))


def run_attack(st: State, seat: int, plan: dict, ev: list[Event]) -> None:
    """Declare the campaign: boat, hero move and men moved in, then the fight (WQ-CAMP-2 to -4)."""
    src, tgt = plan["src"], plan["tgt"]
    tn = st["turn"]
    assert tn is not None
    if plan["mode"] == "camp":
        tn["campaigns"] -= 1
    if plan["boat"]:
        tn["boat_used"] = True
        S.own(st, "discard").append(S.own_pile(st, "boats", seat).pop(0))  # WQ-BOAT-3
    if plan["hero"]:
        _move_hero(st, seat, plan["hero"], plan["swap"] >= 0, src, ev)
    move_in(st, seat, src, plan["men"], ev)
    via = board.BOAT if plan["boat"] else board.LAND if src == tgt else board.LINK[(src, tgt)]
    if ev is not QUIET:
        ev.append(_declared(seat, src, tgt, plan["vs"], plan["mode"], plan["boat"]))
    st["frames"].append(fight_frame(plan["mode"], seat, src, tgt, plan["vs"], via, st["owner"][tgt]))


def _move_hero(st: State, seat: int, hero: str, swap: bool, src: int, ev: list[Event]) -> None:
    """The hero goes to the campaign's source, swapping places with the other hero (WQ-HERO-MOVE-1)."""
    pos = S.hero_position(st, seat, hero)
    other = ""
    if swap:
        other = "wizard" if hero == "champion" else "champion"
        S.put_hero(st, seat, other, pos)
    S.set_hero(st, seat, hero, src)
    S.refresh(st, pos)
    if ev is QUIET:
        return
    if other:  # the swap of WQ-HERO-MOVE-1, said aloud
        ev.append(Event(say("{player} moves their {hero} to {source}; their {other} goes to {territory}.",
                            player=P(seat), hero=term(hero), source=IDS[src], other=term(other),
                            territory=IDS[pos])))
    else:
        key = ("moves hero", seat, hero, src)
        ev.append(S.TOLD.get(key) or S.TOLD.keep(key, Event(say("{player} moves their {hero} to {source}.",
                                                                 player=P(seat), hero=term(hero), source=IDS[src]))))


def sail_plan(st: State, seat: int, mv: dict) -> tuple[int, int, int, str]:
    """WQ-BOAT-6: a boat move between two of the player's own territories on one water."""
    src = terr(mv.get("from"), "WQ-BOAT-6")
    tgt = terr(mv.get("to"), "WQ-BOAT-6")
    k = count(mv.get("men"), "WQ-BOAT-6")
    hero = hero_name(mv.get("hero"), "WQ-BOAT-6")
    if not boat_ready(st, seat):
        bad(no_boat(st), "WQ-BOAT-2")
    if st["owner"][src] != seat or st["owner"][tgt] != seat or src == tgt:
        bad(say("A boat move goes between two different territories you hold."), "WQ-BOAT-6")
    if tgt not in board.BOAT_REACH[src]:
        bad(say("No boat goes from {source} to {target}.", source=IDS[src], target=IDS[tgt]), "WQ-BOAT-2")
    if k > st["men"][src] or (hero and S.hero_at(st, seat, src) != hero):
        there = S.hero_at(st, seat, src)
        holds = say("{territory} holds {men} and your {hero}", territory=IDS[src], men=count_men(st["men"][src]),
                    hero=term(there)) if there else \
            say("{territory} holds {men} and no hero", territory=IDS[src], men=count_men(st["men"][src]))
        asked = say("you asked to sail {men} and your {hero}.", men=count_men(k), hero=term(hero)) if hero else \
            say("you asked to sail {men}.", men=count_men(k))
        bad(say("{holds}; {asked}", holds=holds, asked=asked), "WQ-BOAT-6")
    moved = k + (1 if hero else 0)
    if moved < 1 or S.pieces(st, src) - moved < 1:
        bad(say("Move at least one piece and leave at least one behind."), "WQ-CAMP-8")
    if hero and S.hero_at(st, seat, tgt):
        bad(say("Champion and wizard may never stand on the same territory."), "WQ-STACK-2")
    return src, tgt, k, hero


def camp_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    seat = f["seat"]
    kind = mv.get("type")
    if kind == "end":
        st["frames"].pop()
        st["frames"][-1]["stage"] = "end"
        if ev is not QUIET:
            told = S.TOLD.get(("ends", seat))
            ev.append(told or S.TOLD.keep(("ends", seat), Event(say("{player} ends their turn.", player=P(seat)))))
        return
    if kind == "attack":
        plan = attack_plan(st, seat, mv)
        st["frames"].pop()
        run_attack(st, seat, plan, ev)
        return
    if kind == "sail":
        src, tgt, k, hero = sail_plan(st, seat, mv)
        st["frames"].pop()
        assert st["turn"] is not None
        st["turn"]["boat_used"] = True
        S.own(st, "discard").append(S.own_pile(st, "boats", seat).pop(0))
        st["men"][src] -= k
        st["men"][tgt] += k
        if hero:
            S.put_hero(st, seat, hero, tgt)
        S.refresh(st, src)
        if ev is not QUIET:
            ev.append(Event(say("{player} sails {men} and their {hero} from {source} to {target}.", player=P(seat),
                                men=count_men(k), hero=term(hero), source=IDS[src], target=IDS[tgt]) if hero else
                            say("{player} sails {men} from {source} to {target}.", player=P(seat), men=count_men(k),
                                source=IDS[src], target=IDS[tgt])))
        return
    bad(say("Attack, sail, or end your turn."), "WQ-CAMP-1")


def simple_attacks(st: State, seat: int, with_heroes: bool = False, first_only: bool = False) -> list[dict]:
    """Every campaign declaration without men moved in (and, optionally, with a hero move)."""
    return [attack_move(option) for option in attack_options(st, seat, with_heroes, first_only)]


Attack = tuple  # (source, target, "army"|"dragon"|"peace", by boat, hero moved in or "")


def attack_move(option: Attack) -> dict:
    src, tgt, vs, by_boat, hero = option
    return {"type": "attack", "from": IDS[src], "to": IDS[tgt], "vs": vs, "boat": by_boat, "hero": hero, "men": {}}


def attack_options(st: State, seat: int, with_heroes: bool = False, first_only: bool = False,
                   sources: Iterable[int] | None = None) -> list[Attack]:
    """The declarations of `simple_attacks` as tuples in the map's order (or only from `sources`;
    with `first_only`, only the first of them): attack_check's rules for a declaration without men,
    worked out per target in one test and per source once for its leaders (`_leaders`), without a
    call per target (the random player's hot path, tests/core/wizards_quest/test_legal.py)."""
    tn = st["turn"]
    camps = tn["campaigns"] if tn else 0
    dragon, peace = st["dragon"], st["peace"]
    if camps < 1 and dragon < 0 and peace < 0:
        return []
    own, champions = st["owner"], st["champion"]
    boat_reach = board.BOAT_REACH if boat_ready(st, seat) else None
    if camps < 1:  # only the creatures can be attacked: only from next to them, or on them (in the map's order)
        near, near_set = _near_creatures(own, dragon, peace, boat_reach is not None)
        sources = near if sources is None else [t for t in sources if t in near_set]
    elif sources is None:  # from the seat's first territory on (found by list.index, in C)
        sources = range(own.index(seat), board.TERRITORIES) if seat in own else ()
    guarded = board.DUCHY[peace] if peace >= 0 else -1  # the Peacemaker's duchy: S.is_protected's counties
    out: list[Attack] = []
    for src in sources:
        if own[src] != seat:
            continue
        anyone, champion_led, hero_led, wizard_led = _leaders(st, seat, src, with_heroes)
        for targets, boat in (LAND_REACH[src] if boat_reach is None and src != dragon and src != peace else
                              reach_of(src, dragon, peace, boat_reach)):
            for tgt in targets:
                d = own[tgt]
                if tgt == dragon or tgt == peace:  # WQ-SPECIAL-1, -3 (only the army already there), -5
                    if (camps >= 1 or d != -1) and (d != seat or tgt == src):
                        for hero in hero_led if tgt == dragon else ():
                            out.append((src, tgt, "dragon", boat, hero))
                        for hero in wizard_led if tgt == peace else ():  # WQ-CHAMP-2
                            out.append((src, tgt, "peace", boat, hero))
                elif d != seat and camps >= 1 and (tgt >= board.COUNTIES or board.DUCHY[tgt] != guarded):  # WQ-CAMP-9, WQ-PEACE-3
                    for hero in champion_led if 0 <= d < ORC and champions[d] == tgt else anyone:  # WQ-CHAMP-1
                        out.append((src, tgt, "army", boat, hero))
                if first_only and out:
                    return out[:1]  # (the first declaration, as soon as found: camp_auto asks after many moves)
    return out


Reach = tuple[tuple[Iterable[int], bool], ...]  # where a campaign may go from a source: (targets, by boat) groups
LAND_REACH: tuple[Reach, ...] = tuple(((board.ADJ[t], False),) for t in range(board.TERRITORIES))


def reach_of(src: int, dragon: int, peace: int, boat_reach: tuple[frozenset, ...] | None) -> Reach:
    """A source's neighbours, then by boat (when a boat may be used), then the creature standing on it."""
    return ((board.ADJ[src], False), (boat_reach[src] if boat_reach else (), True),
            ((src,) if src == dragon or src == peace else (), False))


NEAR_CREATURES = Memo(4096)  # (held creatures' places, by boat) -> _near_creatures (asked after many moves)


def _near_creatures(own: list[int], dragon: int, peace: int, by_boat: bool) -> tuple[tuple[int, ...], frozenset[int]]:
    """Where an attack on the dragon or the Peacemaker may start without a campaign: their
    territories and next to them (by boat too with `by_boat`), for those on a held territory only
    (an empty one is only taken by a campaign, WQ-SPECIAL-1); in the map's order and as a set,
    worked out once for each of their places."""
    held_dragon = dragon if dragon >= 0 and own[dragon] >= 0 else -1
    held_peace = peace if peace >= 0 and own[peace] >= 0 else -1
    key = (held_dragon, held_peace, by_boat)
    near = NEAR_CREATURES.get(key)
    if near is None:
        found = {c for c in (held_dragon, held_peace) if c >= 0}
        for c in list(found):
            found |= board.ADJ_SET[c] | (board.BOAT_REACH[c] if by_boat else frozenset())
        near = NEAR_CREATURES.keep(key, (tuple(sorted(found)), frozenset(found)))
    return near


Leaders = tuple[tuple[str, ...], ...]  # _leaders: (anyone, champion-led, hero-led, wizard-led)


def _leaders(st: State, seat: int, src: int, with_heroes: bool) -> Leaders:
    """The heroes moved in ("" none) of the declarations from src: all of them, then those whose
    army a champion leads, a hero leads, a wizard leads (WQ-HERO-MOVE-1: a hero moved in leads;
    WQ-CAMP-8: it may not leave its territory empty unless it swaps with the hero on src;
    WQ-CHAMP-1, WQ-SPECIAL-5, WQ-CHAMP-2: who may attack a champion, the dragon, the Peacemaker),
    looked up in LEADERS by the hero on src and which heroes may be moved in."""
    champion, wizard = st["champion"][seat], st["wizard"][seat]
    at_src = "champion" if champion == src else "wizard" if wizard == src else ""  # S.hero_at
    if not with_heroes:
        return LEADERS[at_src, False, False]
    men = st["men"]
    return LEADERS[at_src, champion >= 0 and champion != src and (at_src != "" or men[champion] >= 1),
                   wizard >= 0 and wizard != src and (at_src != "" or men[wizard] >= 1)]


def _leaders_of(at_src: str, champion_moves: bool, wizard_moves: bool) -> Leaders:
    """_leaders' answer for the hero on the source ("" none) and the heroes that may be moved in."""
    anyone = ("",) + (("champion",) if champion_moves else ()) + (("wizard",) if wizard_moves else ())
    champion_led = (("",) if at_src == "champion" else ()) + (("champion",) if champion_moves else ())
    wizard_led = (("",) if at_src == "wizard" else ()) + (("wizard",) if wizard_moves else ())
    return anyone, champion_led, anyone if at_src else anyone[1:], wizard_led


LEADERS = {(at_src, champion_moves, wizard_moves): _leaders_of(at_src, champion_moves, wizard_moves)
           for at_src in ("", "champion", "wizard") for champion_moves in (False, True)
           for wizard_moves in (False, True)}  # (the few answers of _leaders, made once)


def simple_sails(st: State, seat: int) -> list[dict]:
    if not boat_ready(st, seat):
        return []
    out = []
    for src in S.territories(st, seat):
        if st["men"][src] < 1 or S.pieces(st, src) < 2:
            continue
        for tgt in board.BOAT_REACH[src]:
            if st["owner"][tgt] == seat:
                out.append({"type": "sail", "from": IDS[src], "to": IDS[tgt], "men": min(st["men"][src], S.pieces(st, src) - 1),
                            "hero": ""})
    return out


ATTACK_PATTERN = pattern("attack <from> <to> [dragon|peace] [boat] [champion|wizard] [<territory>:<men> ...]", WORDS)
SAIL_PATTERN = pattern("sail <from> <to> <men> [champion|wizard]", WORDS)


def camp_legal(st: State, f: Frame) -> list[dict]:
    seat = f["seat"]
    plain = simple_attacks(st, seat)
    out = plain + simple_sails(st, seat) + [{"type": "end"}]
    goals = [tr[2] for tr in st["treasures"] if tr[0] == seat and tr[2] >= 0]
    for m in plain:  # concrete examples beside the pattern: all the neighbours' men join in
        src, tgt = board.INDEX[m["from"]], board.INDEX[m["to"]]
        if m["vs"] == "army" and any(board.DIST[tgt][g] < board.DIST[src][g] for g in goals):
            men = all_donor_men(st, seat, board.INDEX[m["from"]], m["boat"])
            if men:
                out.append(dict(m, men=men))
    out.append({"pattern": ATTACK_PATTERN, "help": say("A campaign, with an optional hero move and men moved in first.")})
    if boat_ready(st, seat):
        out.append({"pattern": SAIL_PATTERN, "help": say("A boat move.")})
    return out


def camp_auto(st: State, f: Frame) -> dict | None:
    seat = f["seat"]
    if st["eliminated"][seat]:
        return {"type": "end"}
    if attack_options(st, seat, with_heroes=True, first_only=True) or simple_sails(st, seat):
        return None
    return {"type": "end"}



DECISION = Decision("camp", moves=frozenset({"attack", "sail", "end"}), rule="WQ-CAMP-1", prompt="turn",
                    text=say("Make a campaign or end your turn."), legal=camp_legal, resolve=camp_resolve,
                    auto=camp_auto)
