"""After a battle: fight on (moving men in first if you like) or break off (WQ-CAMP-3, WQ-CAMP-4)."""
from __future__ import annotations

from core.protocol import Event
from core.rng import Rng
from core.text import P, pattern, say
from core.wizards_quest.battle import all_donor_men, check_donors, move_in
from core.wizards_quest.notation import WORDS, bad, men_map
from core.phase import Decision
from core.wizards_quest import state as S
from core.wizards_quest.state import QUIET, Frame, State


GO_PATTERN = pattern("go <territory>:<men> ...", WORDS)


def go_legal(st: State, f: Frame) -> list[dict]:
    out: list[dict] = [{"type": "go", "men": {}}, {"type": "break"}]
    if not f["special"]:
        out.append({"pattern": GO_PATTERN, "help": say("Move men into the source, then fight on.")})
        men = all_donor_men(st, f["seat"], f["source"], f["boat"])
        if men:
            out.append({"type": "go", "men": men})
    return out


def go_resolve(st: State, f: Frame, mv: dict, rng: Rng, ev: list[Event]) -> None:
    if mv.get("type") == "break":
        st["frames"].pop()
        st["frames"].pop()
        if ev is not QUIET:
            key = ("breaks off", f["seat"])
            ev.append(S.TOLD.get(key) or S.TOLD.keep(key, Event(say("{player} breaks off the campaign.",
                                                                    player=P(f["seat"])))))
        return
    men = men_map(mv.get("men", {}), "WQ-CAMP-4")
    if men:  # (fighting on without men, the usual answer, has no donors to check)
        if f["special"]:
            bad(say("No men may be moved in during a special campaign."), "WQ-SPECIAL-4")
        check_donors(st, f["seat"], f["source"], f["boat"], men)
    st["frames"].pop()
    move_in(st, f["seat"], f["source"], men, ev)



DECISION = Decision("go", moves=frozenset({"go", "break"}), rule="WQ-CAMP-3", prompt="campaign",
                    text=say("Fight on (moving men in if you like) or break off."), legal=go_legal, resolve=go_resolve)
