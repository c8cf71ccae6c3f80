"""Synthetic values planted in the programs' input (the v32 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v32; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Bartłomiej", "Szczęsny"), ("Ngozi", "Okonkwo-Eze"), ("Pádraig", "Ó Ceallaigh"), ("Laleh", "Moghaddam"),
    ("Þórdís", "Hallgrímsdóttir"), ("Aitziber", "Etxeberria"), ("Thandiwe", "Mthembu"), ("Götz", "Weißenbörn"),
    ("Conceição", "Albuquerque Reis"), ("Gülşen", "Öztürkmen"), ("Mădălina", "Ștefănescu"), ("Oluwaseun", "Babatunde"),
    ("Ragnheiður", "Sigurðardóttir"), ("Gwenaëlle", "Le Bihan"), ("Minh Châu", "Đặng"), ("Niamh", "Ní Bhriain"),
    ("Всеволод", "Черняховский"), ("Παναγιώτα", "Σταματοπούλου"), ("陽菜", "佐々木"), ("Jago", "Penhaligon"),
    ("Akosua", "Owusu-Ansah"), ("Reto", "Bärtschi"), ("Citlali", "Cuauhtémoc Ibarra"), ("Lakshmi", "Subramaniam"),
    ("Torunn", "Fjeldstad"), ("Wenna", "Trelawny"), ("서연", "남궁"), ("Ahanu", "Yellowhorse"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "gmx.de", "posteo.de", "icloud.com", "yandex.ru", "o2.pl", "st-ives-surfschool.co.uk", "connemara-ponies.ie", "akureyri-hotel.is"]
STREETS = ["ulica Piotrkowska", "Kastanienallee", "Shop Street", "Rua Augusta", "Laugavegur", "Bağdat Caddesi", "Strada Lipscani", "Phố Hàng Gai", "Carrer de Verdi", "Vesterbrogade"]
CITIES = ["90-001 Łódź", "10435 Berlin", "Galway H91 X2C3", "1100-048 Lisboa", "101 Reykjavík", "34710 İstanbul", "030167 București", "Hà Nội", "08012 Barcelona", "1620 København V"]
LATIN_MAILBOX = {"Всеволод": "vsevolod", "Παναγιώτα": "panagiota", "陽菜": "hina", "서연": "seoyeon"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõđặ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsaoda")

planted.configure("atx-redaction-holdout-v32", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
