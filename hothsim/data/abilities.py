"""The skirmish's ability and Force power vocabulary as the card data may write it: each ability's name and
what follows it (a number, a name and a number, or nothing), and the Force powers.  The card schema checks
every card against it (`hothsim.data.schemas`), so a misspelt ability is refused at load.
"""

from __future__ import annotations

#: Abilities and Force powers the game knows, with the parameter each takes ("" for none).
ABILITY_PARAMS: dict[str, str] = {
    "Accurate Shot": "",
    "Advantageous Attack": "",
    "Charging Fire": "",
    "Cunning Attack": "",
    "Damage Reduction": "number",
    "Double Attack": "",
    "Fire Support Mission": "",
    "Flanking Attack": "",
    "Flight": "",
    "Fragile": "number",
    "Grenades": "number",
    "Harpoon Gun": "",
    "Heal": "number",
    "Heavy Weapon": "",
    "Hologram": "",
    "Industrial Repair": "number",
    "Lightsaber": "",
    "Machinery": "",
    "Melee Attack": "",
    "Mobile Attack": "",
    "Mounted Weapon": "",
    "Rapport": "name number",
    "Rigid": "",
    "Speed": "number",
    "Splash": "number",
    "Spotter": "number",
    "Twin Attack": "",
    "Unique": "",
}
FORCE_POWERS: tuple[str, ...] = (
    "Force Grip",
    "Lightsaber Deflect",
    "Lightsaber Riposte",
    "Lightsaber Sweep",
    "Use the Force",
)

def parse_ability(text: str) -> tuple[str, str, int | None]:
    """Split an ability such as `Speed 8`, `Damage Reduction 10` or `Rapport AT-ST 10` into
    (name, argument, number); ValueError for an ability the game does not know."""
    names = [n for n in ABILITY_PARAMS if text == n or text.startswith(n + " ")]
    if not names:
        known = ", ".join(sorted(ABILITY_PARAMS))
        raise ValueError(f"unknown ability {text!r} (known: {known})")
    name = max(names, key=len)
    rest = text[len(name):].split()
    num = int(rest[-1]) if rest and rest[-1].isdigit() else None
    arg = " ".join(rest[:-1] if num is not None else rest)
    want = ABILITY_PARAMS[name]
    if want == "number" and (num is None or arg):
        raise ValueError(f"{name} takes a number, like '{name} 10'")
    if want == "name number" and (num is None or not arg):
        raise ValueError(f"{name} takes a name and a number, like '{name} AT-ST 10'")
    if want == "" and rest:
        raise ValueError(f"{name} takes no number or name")
    return name, arg, num
