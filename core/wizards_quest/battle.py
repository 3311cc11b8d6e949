"""Battles (spec section 11): one fight frame runs a whole campaign, raid or special campaign
as a series of battles, asking the players only for their real choices; the orc raids that
start them (WQ-ORC-RAID-1 to -8); men moved into a campaign's source (WQ-CAMP-4, WQ-BOAT-5)."""
from __future__ import annotations

from core.memo import Memo
from core.protocol import Event
from core.rng import Rng
from core.text import Msg, P, say
from core.wizards_quest import board
from core.wizards_quest import state as S
from core.wizards_quest.board import ORC, IDS, name
from core.wizards_quest.effects import check_eliminations, men as count_men, suffer_loss
from core.wizards_quest.notation import bad
from core.wizards_quest.state import QUIET, Frame, State, ask
from core.records import new_event


def hits(roll: int, strength: int) -> int:
    """WQ-BATTLE-3: a roll at or under the strength kills that many; strength over 6 is 6."""
    return roll if roll <= strength and roll <= 6 else 0  # (roll <= min(strength, 6), without its call)


def attack_strength(st: State, f: Frame) -> int:
    """Attackers never get terrain bonuses (WQ-STR-10)."""
    strength = S.army_strength(st, f["source"])
    return strength if strength < 6 else 6  # (min, without its call: every battle)


def defence_strength(st: State, f: Frame) -> int:
    if f["vs"] != "army":
        return 6  # WQ-STR-1, WQ-STR-2
    strength = S.army_strength(st, f["target"]) + S.defence_bonus(st, f["target"], f["via"])
    return strength if strength < 6 else 6  # (min, without its call: every battle)


def fight_step(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """The stages of a fight frame (check, roll, losses, scattering, after the battle) one after
    another while the frame stays on top: what the driver would run next anyway, without its round."""
    while True:
        HANDLERS[f["stage"]](st, f, rng, ev)
        frames = st["frames"]  # (whatever ends the game empties it: no look at the winners, see flow.run)
        if not frames or frames[-1] is not f:
            return



def _end(st: State, ev: list[Event], event: Event | None = None) -> None:
    """The campaign (or raid) is over: its fight frame leaves the stack (and `event` says why)."""
    st["frames"].pop()
    if event is not None and ev is not QUIET:
        ev.append(event)


# The ends of a campaign said alike every time: each event made once (an event is an immutable value).
GONE = Event(say("The attacking army is gone; the campaign ends."))
ENDS = Event(say("The campaign ends."))
NO_HERO = Event(say("Without a hero the army cannot fight the dragon; the campaign ends."))
NO_WIZARD = Event(say("Without the wizard the army cannot fight the Peacemaker; the campaign ends."))
NO_CHAMPION = Event(say("Without the champion the army cannot attack a champion; the campaign ends."))


def _check(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """Before each battle: is there still a battle to fight, and may this army fight it?"""
    if f["mode"] == "raid":
        return _check_raid(st, f, ev)
    if st["owner"][f["source"]] != f["attacker"]:
        return _end(st, ev, GONE)
    if f["vs"] != "army" and not _creature_still_there(st, f, ev):
        return None
    tgt = f["target"]
    if f["vs"] == "army" and (tgt == st["dragon"] or tgt == st["peace"]):  # sent there in mid-campaign by a ring's card
        if st["owner"][tgt] != -1:  # WQ-CAMP-9, WQ-SPECIAL-2: not while a creature stands with the army
            return _end(st, ev, Event(say("The dragon now stands on {where}: the army there cannot be attacked; the "
                                          "campaign ends.", where=name(tgt)) if st["dragon"] == tgt else
                                      say("The Peacemaker now stands on {where}: the army there cannot be attacked; "
                                          "the campaign ends.", where=name(tgt))))
        f["vs"] = "dragon" if st["dragon"] == tgt else "peace"  # an empty territory: fight it first (WQ-SPECIAL-1)
        return _check(st, f, rng, ev)
    if f["vs"] == "army" and not _army_still_there(st, f, ev):
        return None
    f["stage"] = "roll"
    if f["battles"] > 0:
        ask(st, "go", f["attacker"], special=f["mode"] == "special", source=f["source"], boat=f["via"] == board.BOAT)
    return None


def _check_raid(st: State, f: Frame, ev: list[Event]) -> None:
    """An orc raid goes on while the source has 2 orcs; an emptied target is taken (WQ-ORC-RAID-6)."""
    src, tgt, own, n = f["source"], f["target"], st["owner"], st["men"]
    if own[tgt] != f["defender"]:
        st["frames"].pop()
        if n[src] >= 2:
            n[src] -= 1
            own[tgt], n[tgt] = ORC, 1
            if ev is not QUIET:
                told = S.TOLD.get(("orcs take", tgt))
                ev.append(told or S.TOLD.keep(("orcs take", tgt), Event(say("The orcs take {where}.", where=name(tgt)))))
        elif ev is not QUIET:
            ev.append(Event(say("The last orc stays home; {where} is left empty.", where=name(tgt)) if n[src] == 1
                            else say("No orc is left to move in; {where} is left empty.", where=name(tgt))))
        return
    if n[src] <= 1:
        return _end(st, ev, None if ev is QUIET else S.TOLD.get(("spent", src)) or S.TOLD.keep(
            ("spent", src), Event(say("The raid from {source} is spent.", source=IDS[src]))))
    f["stage"] = "roll"


def _creature_still_there(st: State, f: Frame, ev: list[Event]) -> bool:
    """A campaign against a creature: the next one to fight, and a hero able to fight it."""
    a, src, tgt, won = f["attacker"], f["source"], f["target"], f.get("won", [])
    if st[f["vs"]] != tgt or f["vs"] in won:  # type: ignore[literal-required]
        # beaten: even back on this county by the die, its fight is over
        if f["mode"] == "special":
            _end(st, ev)
            return False
        left = [c for c in ("dragon", "peace") if st[c] == tgt and c not in won]
        if not left and (st["dragon"] == tgt or st["peace"] == tgt):
            _end(st, ev, Event(say("The beaten creature is back on {where}; the campaign ends.", where=name(tgt))))
            return False
        f["vs"] = left[0] if left else "army"
    if f["vs"] == "dragon" and S.hero_at(st, a, src) is None:  # WQ-SPECIAL-5, WQ-CHAMP-3
        _end(st, ev, NO_HERO)
        return False
    if f["vs"] == "peace" and st["wizard"][a] != src:
        _end(st, ev, NO_WIZARD)
        return False
    return True


def _army_still_there(st: State, f: Frame, ev: list[Event]) -> bool:
    """A campaign against an army: an emptied target is taken (WQ-CAMP-5); a friend, a protected
    duchy or a champion without our champion ends it (WQ-CHAMP-1, WQ-CHAMP-3)."""
    a, src, tgt = f["attacker"], f["source"], f["target"]
    d = st["owner"][tgt]
    if d == -1:
        st["frames"].pop()
        if S.is_protected(st, tgt):
            if ev is not QUIET:
                ev.append(Event(say("{where} is protected by the Peacemaker and cannot be taken.", where=name(tgt))))
        elif S.pieces(st, src) >= 2:
            ask(st, "take", a, source=src, target=tgt)
        elif ev is not QUIET:
            ev.append(Event(say("One piece cannot take {where}; it stays empty.", where=name(tgt))))
        return False
    if d == a or S.is_protected(st, tgt):
        _end(st, ev, ENDS)
        return False
    if d != ORC and st["champion"][d] == tgt and st["champion"][a] != src:
        _end(st, ev, NO_CHAMPION)
        return False
    return True


def _roll(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """WQ-BATTLE-2 to -6: both dice together, strengths fixed before the roll. (The strengths and
    hits come from the functions the rules' tests check; the losses' min() is written out.)"""
    a, src, tgt, vs = f["attacker"], f["source"], f["target"], f["vs"]
    sa, sd = attack_strength(st, f), defence_strength(st, f)
    ra, rd = rng.die(), rng.die()
    hd, ha = hits(ra, sa), hits(rd, sd)
    both_missed = hd == 0 and ha == 0
    d = st["owner"][tgt]
    f["battles"] += 1
    f["both_missed"] = both_missed
    most = 1 if vs != "army" else S.pieces(st, tgt)
    f["defender_losses"] = hd if hd < most else most
    al, most = (1 if both_missed else ha), S.pieces(st, src)
    f["attacker_losses"] = al if al < most else most
    wizard = st["wizard"]
    f["lead"] = "" if a == ORC else (S.hero_at(st, a, src) or "")
    f["attacker_wizard"] = a != ORC and wizard[a] == src
    f["defender_wizard"] = vs == "army" and 0 <= d < ORC and wizard[d] == tgt
    if ev is not QUIET:
        ev.append(_battle_event(f, d, sa, ra, sd, rd))
    f["stage"] = "dloss"


def _battle_event(f: Frame, d: int, sa: int, ra: int, sd: int, rd: int) -> Event:
    """The event of the battle just rolled: where, each side's strength and roll, the losses."""
    a, tgt, vs, dl, al = f["attacker"], f["target"], f["vs"], f["defender_losses"], f["attacker_losses"]
    # each side and its verb: the orcs roll; a player, the dragon or the Peacemaker rolls
    side_a = SIDES.get(("attack", a, sa, ra)) or _side("attack", a, sa, ra)
    side_d = SIDES.get((vs, d, sd, rd)) or _side(vs, d, sd, rd)
    text = say("Battle at {where}: {attack}, {defence}. Defender loses {defender}, attacker loses {attacker}. "
               "Both miss: the attacker loses 1.", where=name(tgt), attack=side_a, defence=side_d, defender=dl,
               attacker=al) if f["both_missed"] else \
        say("Battle at {where}: {attack}, {defence}. Defender loses {defender}, attacker loses {attacker}.",
            where=name(tgt), attack=side_a, defence=side_d, defender=dl, attacker=al)
    return new_event((text, None, {"attacker": [sa, ra], "defender": [sd, rd]}))


def _side(role: str, s: int, strength: int, roll: int) -> Msg:
    """A side of a battle and its roll, as the battle's event says it (said once for each role:
    "attack" or what is attacked, seat or ORC, strength and roll; SIDES keeps it)."""
    if role == "attack":
        said = say("The orcs (strength {strength}) roll {roll}", strength=strength, roll=roll) if s == ORC else \
            say("{player} (strength {strength}) rolls {roll}", player=P(s), strength=strength, roll=roll)
    elif role != "army":
        said = CREATURES[role](strength, roll)
    elif s == ORC:
        said = say("the orcs (strength {strength}) roll {roll}", strength=strength, roll=roll)
    else:
        said = say("{player} (strength {strength}) rolls {roll}", player=P(s), strength=strength, roll=roll)
    return SIDES.keep((role, s, strength, roll), said)


SIDES = Memo(4096)  # (role, seat, strength, roll) -> _side's message


def _battle(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """The roll, then at once the stages that follow it (losses, scattering, after the battle) until
    one puts a question to a player: fight_step's loop without its lookups and tests between them
    (a loss or a scattering pushes a frame; only after the battle may the game end)."""
    frames = st["frames"]  # (the same list until _post: nothing before it eliminates)
    _roll(st, f, rng, ev)
    _dloss(st, f, rng, ev)
    if frames[-1] is not f:
        return
    _aloss(st, f, rng, ev)
    if frames[-1] is not f:
        return
    _scatter(st, f, rng, ev)
    if frames[-1] is not f:
        return
    _post(st, f, rng, ev)


def _dloss(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    f["stage"] = "aloss"
    if f["defender_losses"] <= 0:
        return
    if f["vs"] != "army":
        f["beat"] = True
        return
    tgt = f["target"]
    d = st["owner"][tgt]
    if d == ORC:
        st["men"][tgt] -= f["defender_losses"]
        S.refresh(st, tgt)
        if f["attacker_wizard"]:
            f["defender_struck"] = [f["defender_losses"], ""]
    else:
        suffer_loss(st, d, tgt, f["defender_losses"], "dv" if f["attacker_wizard"] else "", "defending", ev)


def _aloss(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    f["stage"] = "scatter"
    if f["attacker_losses"] <= 0:
        return
    src = f["source"]
    if f["attacker"] == ORC:
        st["men"][src] -= f["attacker_losses"]
        S.refresh(st, src)
    else:
        # WQ-WIZ-3, WQ-WIZ-4: placed only when both armies have a wizard; the both-miss loss is removed
        into = "av" if f["defender_wizard"] and f["attacker_wizard"] and not f["both_missed"] else ""
        suffer_loss(st, f["attacker"], src, f["attacker_losses"], into, "attacking", ev)


def _scatter(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """WQ-WIZ-2, WQ-WIZ-4: the attacker places first, then the defender."""
    f["stage"] = "post"
    if not (f["attacker_struck"] or f["defender_struck"]):
        return  # (nothing struck: the usual battle)
    ex = [f["source"], f["target"]]
    if f["attacker_struck"]:
        ask(st, "scatter", f["defender"], victim=f["attacker"], men=f["attacker_struck"][0], hero=f["attacker_struck"][1],
            excluded=ex)
    if f["defender_struck"]:
        ask(st, "scatter", f["attacker"], victim=f["defender"], men=f["defender_struck"][0], hero=f["defender_struck"][1],
            excluded=ex)
    f["defender_struck"], f["attacker_struck"] = [], []


def _post(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    f["stage"] = "check"
    check_eliminations(st, ev)
    if st["winners"] is not None or not f["beat"]:
        return
    f["beat"] = False
    f["won"] = f.get("won", []) + [f["vs"]]
    a = f["attacker"]
    if f["vs"] == "dragon" and f["lead"] == "champion":  # WQ-SPECIAL-6, WQ-DRAGON-8
        st["dragon"] = -1
        if ev is not QUIET:
            ev.append(S.TOLD.get(("slays", a)) or S.TOLD.keep(("slays", a), Event(say(
                "{player}'s champion slays the dragon; it is out until the next dragon step.", player=P(a)))))
        if st["champion"][a] >= 0 and not st["eliminated"][a]:
            ask(st, "place", a, total=6, single=-1, max_heroes=2, why="slaying the dragon")
    else:  # WQ-SPECIAL-7
        if ev is not QUIET:
            key = ("drives off", a, f["vs"])
            ev.append(S.TOLD.get(key) or S.TOLD.keep(key, Event(
                say("{player}'s wizard drives off the dragon.", player=P(a)) if f["vs"] == "dragon"
                else say("{player}'s wizard drives off the Peacemaker.", player=P(a)))))
        ask(st, "flee", a, who=f["vs"])


# A battle's defender when not an army: its side of the battle's sentence (strength, roll).
CREATURES = {"dragon": lambda strength, roll: say("the dragon (strength {strength}) rolls {roll}", strength=strength, roll=roll),
             "peace": lambda strength, roll: say("the Peacemaker (strength {strength}) rolls {roll}", strength=strength,
                                                 roll=roll)}
HANDLERS: dict = {"check": _check, "roll": _battle, "dloss": _dloss, "aloss": _aloss, "scatter": _scatter, "post": _post}


# ------------------------------------------------------------------ orc raids ------

def raid_targets(st: State, src: int) -> list[int]:
    """Eligible targets of a raid, in attack order (WQ-ORC-RAID-3, WQ-ORC-RAID-4)."""
    out = raid_eligible_of(st, board.RING[src])  # (in the ring's order)
    if out:  # the ring from its first target: counties by duchy/county, castles after all counties
        i = out.index(min(out))
        out = out[i:] + out[:i]
    tun = board.TUNNEL_END[src]
    if tun >= 0 and raid_eligible(st, tun):
        out.append(tun)
    return out


def raid_eligible(st: State, t: int) -> bool:
    """May a raid attack t (raid_eligible_of for one territory)?"""
    return bool(raid_eligible_of(st, (t,)))


def raid_eligible_of(st: State, territories: tuple[int, ...]) -> list[int]:
    """The territories a raid may attack, in their order: a player's, without the dragon or his
    champion, outside the Peacemaker's duchy (WQ-ORC-RAID-3; S.is_protected's test, its duchy
    looked up once for a whole ring)."""
    own, champion, dragon, peace = st["owner"], st["champion"], st["dragon"], st["peace"]
    guarded = board.DUCHY[peace] if peace >= 0 else -1
    out = []
    for t in territories:
        s = own[t]
        if 0 <= s < ORC and t != dragon and champion[s] != t and (t >= board.COUNTIES or board.DUCHY[t] != guarded):
            out.append(t)
    return out


def raids_step(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """The raids of a round, one orc source at a time (WQ-ORC-RAID-1, WQ-ORC-RAID-2); a source with
    no raid is passed over here, without a round of the driver's loop for each."""
    sources = f["source"]
    while f["next"] < len(sources):
        src = sources[f["next"]]
        f["next"] += 1
        if st["owner"][src] == ORC and st["men"][src] >= 2:
            targets = raid_targets(st, src)
            if targets:
                if ev is not QUIET:
                    ev.append(_raiding(src, targets))
                st["frames"].append({"kind": "raid", "source": src, "targets": targets, "next": 0})
                return
    st["frames"].pop()


def _raiding(src: int, targets: list[int]) -> Event:
    """The event of the raids from `src` on `targets` (made once for them: RAIDS)."""
    key = (src, *targets)
    told = RAIDS.get(key)
    return told if told is not None else RAIDS.keep(key, new_event((
        say("The orcs of {source} raid: {targets}.", source=name(src), targets=", ".join([IDS[t] for t in targets])),
        None, None)))


RAIDS = Memo(4096)  # (source, *targets) -> _raiding's event


def raid_step(st: State, f: Frame, rng: Rng, ev: list[Event]) -> None:
    """One raid target at a time; eligibility checked again (WQ-ORC-RAID-8); a target no longer
    eligible is passed over here, without a round of the driver's loop."""
    src, targets = f["source"], f["targets"]
    while st["owner"][src] == ORC and st["men"][src] > 1 and f["next"] < len(targets):
        t = targets[f["next"]]
        f["next"] += 1
        if raid_eligible(st, t):
            st["frames"].append(fight_frame("raid", ORC, src, t, "army", board.LINK[(src, t)], st["owner"][t]))
            return
    st["frames"].pop()  # WQ-ORC-RAID-7


def fight_frame(mode: str, attacker: int, src: int, tgt: int, vs: str, via: int, defender: int) -> Frame:
    """A new campaign, raid or special campaign, before its first battle."""
    return {"kind": "fight", "mode": mode, "attacker": attacker, "source": src, "target": tgt, "vs": vs,
            "via": via, "defender": defender, "battles": 0, "stage": "check", "defender_losses": 0,
            "attacker_losses": 0, "both_missed": False, "lead": "", "attacker_wizard": False,
            "defender_wizard": False, "defender_struck": [], "attacker_struck": [], "beat": False, "won": []}



# ------------------------------------------------------------------ moving men in --

def all_donor_men(st: State, seat: int, src: int, boat: bool) -> dict[str, int]:
    """Every man the neighbours can send while keeping a piece each (as notation keys)."""
    return {IDS[t]: k for t, k in donor_men(st, seat, src, boat).items()}


def donor_men(st: State, seat: int, src: int, boat: bool) -> dict[int, int]:
    """Every man the neighbours can send while keeping a piece each, by territory."""
    men, here = {}, st["men"]
    heroes = (st["champion"][seat], st["wizard"][seat])
    for t in donors(st, seat, src, boat):  # (the seat's own: min(men, pieces - 1), its heroes read once)
        k = here[t] if t in heroes else here[t] - 1
        if k > 0:
            men[t] = k
    return men


def donors(st: State, seat: int, src: int, boat: bool) -> list[int]:
    """Territories that may send men into src (WQ-CAMP-4, WQ-BOAT-5)."""
    near, own = board.BOAT_REACH[src] if boat else board.ADJ_SET[src], st["owner"]
    return [t for t in near if own[t] == seat]


def check_donors(st: State, seat: int, src: int, boat: bool, men: dict[int, int]) -> None:
    """Men moved in come from neighbours (over the water by boat), each keeping a piece."""
    ok = set(donors(st, seat, src, boat))
    for t, k in men.items():
        if t not in ok:
            bad(say("{donor} cannot send men to {source}.", donor=IDS[t], source=IDS[src]),
                "WQ-BOAT-5" if boat else "WQ-CAMP-4")
        if S.pieces(st, t) - k < 1 or k > st["men"][t]:
            bad(say("{territory} must keep at least one piece.", territory=IDS[t]), "WQ-CAMP-8")


def move_in(st: State, seat: int, src: int, men: dict[int, int], ev: list[Event]) -> None:
    for t, k in men.items():
        st["men"][t] -= k
        st["men"][src] += k
    if men:
        if ev is not QUIET:
            ev.append(Event(say("{player} moves {men} into {source}.", player=P(seat), men=count_men(sum(men.values())),
                                source=IDS[src])))

