"""The people the v10-v15 holdouts' recorders plant (their own lists, kept as they drew them): a
given and a family name drawn apart, a mailbox made by lowercasing them, the house number before
the street, phones of five plans. Such a corpus's values.py imports it after the kit's names
(`from people_v10 import *`), so that these replace the kit's `Person` and `phone`. No real person
of this machine or elsewhere is meant.
"""

FIRST = ["Maren", "Tobias", "Ingrid", "Rafael", "Chiara", "Dmitri", "Aisling", "Kenji", "Solveig", "Mateus", "Priya", "Oskar", "Leontine", "Bartholomew", "Yusra", "Henrike", "Cosimo", "Annelie", "Thaddeus", "Noemi", "Valentin", "Rosalind", "Emeka", "Ludovica"]
LAST = ["Halvorsen", "Brandstetter", "Okonkwo-Lind", "Castellanos", "Vukovic", "Fairbanks", "Nakashima", "Lindqvist", "Ferreira", "Ashdown", "Kowalczyk", "Rautenberg", "Delacroix", "Pemberton", "Szabados", "Marchetti", "Oyelaran", "Whitcombe", "Grunewald", "Esterhazy"]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "posteo.de", "web.de", "icloud.com", "yahoo.co.uk", "northwind-freight.de", "kestrel-analytics.io", "tidewater-labs.com"]
STREETS = ["Lindenallee", "Harbour Road", "Rue des Tanneurs", "Via Garibaldi", "Elm Street", "Kastanienweg", "Station Parade", "Calle Mayor"]
CITIES = ["Bremen 28195", "Leeds LS6 2AB", "Lyon 69002", "Torino 10123", "Portland, OR 97214", "Graz 8010", "Bristol BS1 4DJ", "Valencia 46001"]


class Person:
    def __init__(self, r):
        self.first = r.choice(FIRST)
        self.last = r.choice(LAST)
        self.name = f"{self.first} {self.last}"
        local = r.choice([f"{self.first}.{self.last}", f"{self.first[0]}{self.last}", f"{self.first}{r.randint(1, 99)}", f"{self.last}.{self.first[0]}"]).lower().replace("-", "")
        self.email = f"{local}@{r.choice(MAIL_DOMAINS)}"
        self.phone = phone(r)
        self.street = f"{r.randint(2, 140)} {r.choice(STREETS)}"
        self.city = r.choice(CITIES)


def phone(r):
    plan = r.randrange(5)
    if plan == 0:
        return f"+1 ({r.choice(['415', '646', '312', '206', '512', '617'])}) {r.randint(201, 989)}-{r.randint(1000, 9999)}"
    if plan == 1:
        return f"+44 7{r.randint(400, 999)} {r.randint(100000, 999999)}"
    if plan == 2:
        return f"+49 15{r.randint(1, 9)} {r.randint(1000000, 99999999)}"
    if plan == 3:
        return f"+33 6 {r.randint(10, 99)} {r.randint(10, 99)} {r.randint(10, 99)} {r.randint(10, 99)}"
    return f"+39 3{r.randint(20, 49)} {r.randint(100, 999)} {r.randint(1000, 9999)}"
