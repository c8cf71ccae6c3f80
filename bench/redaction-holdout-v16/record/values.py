"""Synthetic values planted in the programs' input (the v16 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns, and its own phone plans (written for v16; no real person of this machine or elsewhere
is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Margarethe", "Oberleitner"), ("Siddharth", "Raghunathan"), ("Ifeoluwa", "Adebayo-Cole"), ("Wojciech", "Przybylski"),
    ("Evangelia", "Papadimitriou"), ("Joaquín", "Irigoyen Salas"), ("Sunniva", "Kvalheim"), ("Thanh Huong", "Nguyen"),
    ("Ruairí", "Mac Giolla Bhríde"), ("Zeynep", "Karaosmanoğlu"), ("Aurelio", "Bevilacqua"), ("Hyun-woo", "Baek"),
    ("Małgorzata", "Wiśniewska"), ("Tarquin", "Blackwood-Hale"), ("Nneka", "Okafor"), ("Radomír", "Šťastný"),
    ("Fenna", "van der Wiel"), ("Keoni", "Kahananui"), ("Ilse", "Vandenbroucke"), ("Oluwaseun", "Bankole"),
    ("Анастасия", "Белоусова"), ("Γιώργος", "Καραγιάννης"), ("優里香", "長谷川"), ("Dagmar", "Holmqvist"),
    ("Cormac", "Devereux"), ("Ximena", "Arrieta Coloma"), ("Bhavna", "Kulkarni"), ("Lorcan", "Fitzsimons"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "posteo.de", "gmx.at", "icloud.com", "yahoo.co.jp", "seznam.cz", "hollowmere-bikes.ie", "quarrystone-legal.co.uk", "ostara-kliniken.de"]
STREETS = ["Mariahilfer Straße", "Calle de Alcalá", "Ulica Długa", "Rue Sainte-Catherine", "Harcourt Terrace", "Dronning Eufemias gate", "Ermou", "Keizersgracht", "Kapahulu Avenue", "Vinohradská"]
CITIES = ["1060 Wien", "28014 Madrid", "80-831 Gdańsk", "33000 Bordeaux", "Dublin D02 VX88", "0191 Oslo", "105 63 Athina", "1016 AM Amsterdam", "Honolulu, HI 96816", "120 00 Praha 2"]
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôû", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeiou")

# the Latin mailboxes of names in other scripts, drawn at random
LATIN_MAILBOX = ["anya", "giorgos", "yurika", "nastya"]


def phone(r):
    plan = r.randrange(6)
    if plan == 0:
        return f"+43 664 {r.randint(100, 999)} {r.randint(1000, 9999)}"
    if plan == 1:
        return f"+34 6{r.randint(10, 99)} {r.randint(100, 999)} {r.randint(100, 999)}"
    if plan == 2:
        return f"+48 {r.randint(500, 799)} {r.randint(100, 999)} {r.randint(100, 999)}"
    if plan == 3:
        return f"+353 8{r.randint(5, 7)} {r.randint(100, 999)} {r.randint(1000, 9999)}"
    if plan == 4:
        return f"+81 90-{r.randint(1000, 9999)}-{r.randint(1000, 9999)}"
    return f"+1 808-{r.randint(201, 989)}-{r.randint(1000, 9999)}"


planted.configure("atx-redaction-holdout-v16", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD, phone=phone)

from planted import *  # noqa: E402,F401,F403
