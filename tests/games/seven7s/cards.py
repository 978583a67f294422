"""Seven7s's cards as the rules document writes them (section 2.4), for the tests' own reckoning."""

from __future__ import annotations

# Section 2.4 of the rules document, copied verbatim.
CARD_TABLE = """\
| code | type | value | name | colour |
|---|---|---|---|---|
| CO1 | Colors | 1 | Red | red |
| CO2 | Colors | 2 | Orange | orange |
| CO3 | Colors | 3 | Yellow | yellow |
| CO4 | Colors | 4 | Green | green |
| CO5 | Colors | 5 | Blue | blue |
| CO6 | Colors | 6 | Indigo | indigo |
| CO7 | Colors | 7 | Violet | violet |
| AG1 | Ages of Man | 1 | Infant | orange |
| AG2 | Ages of Man | 2 | Schoolboy | yellow |
| AG3 | Ages of Man | 3 | Lover | green |
| AG4 | Ages of Man | 4 | Soldier | blue |
| AG5 | Ages of Man | 5 | Justice | indigo |
| AG6 | Ages of Man | 6 | Pantaloon | violet |
| AG7 | Ages of Man | 7 | Second Childhood | red |
| DS1 | Deadly Sins | 1 | Pride | yellow |
| DS2 | Deadly Sins | 2 | Greed | green |
| DS3 | Deadly Sins | 3 | Lust | blue |
| DS4 | Deadly Sins | 4 | Envy | indigo |
| DS5 | Deadly Sins | 5 | Gluttony | violet |
| DS6 | Deadly Sins | 6 | Wrath | red |
| DS7 | Deadly Sins | 7 | Sloth | orange |
| SE1 | Seas | 1 | Arctic | green |
| SE2 | Seas | 2 | Antarctic | blue |
| SE3 | Seas | 3 | North Atlantic | indigo |
| SE4 | Seas | 4 | South Atlantic | violet |
| SE5 | Seas | 5 | North Pacific | red |
| SE6 | Seas | 6 | South Pacific | orange |
| SE7 | Seas | 7 | Indian | yellow |
| VI1 | Virtues | 1 | Chastity | blue |
| VI2 | Virtues | 2 | Temperance | indigo |
| VI3 | Virtues | 3 | Charity | violet |
| VI4 | Virtues | 4 | Diligence | red |
| VI5 | Virtues | 5 | Patience | orange |
| VI6 | Virtues | 6 | Kindness | yellow |
| VI7 | Virtues | 7 | Humility | green |
| WO1 | Wonders | 1 | Hanging Gardens | indigo |
| WO2 | Wonders | 2 | Colossus of Rhodes | violet |
| WO3 | Wonders | 3 | Lighthouse of Alexandria | red |
| WO4 | Wonders | 4 | Mausoleum at Halicarnassus | orange |
| WO5 | Wonders | 5 | Temple of Artemis | yellow |
| WO6 | Wonders | 6 | Statue of Zeus | green |
| WO7 | Wonders | 7 | Pyramid of Cheops | blue |
| LG1 | Lucky Gods | 1 | Ebisu | violet |
| LG2 | Lucky Gods | 2 | Daikokuten | red |
| LG3 | Lucky Gods | 3 | Bishamonten | orange |
| LG4 | Lucky Gods | 4 | Benzaiten | yellow |
| LG5 | Lucky Gods | 5 | Fukurokuju | green |
| LG6 | Lucky Gods | 6 | Hotei | blue |
| LG7 | Lucky Gods | 7 | Jurojin | indigo |
"""
CODES = [row.split("|")[1].strip() for row in CARD_TABLE.splitlines()[2:]]
