"""Synthetic values planted in the programs' input (the v21 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v21; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Bożena", "Szczepańska-Ryś"), ("Adaeze", "Obiora-Ekwueme"), ("Tadhg", "Ó Súilleabháin"), ("Golnaz", "Esfandiari"),
    ("Þórhildur", "Gunnlaugsdóttir"), ("Ander", "Goikoetxea Arrieta"), ("Thandeka", "Zwane-Ngubane"), ("Wiebke", "Hülsenbeck"),
    ("Conceição", "Albuquerque Simões"), ("Gülşen", "Çakıroğlu"), ("Mircea", "Țăranu"), ("Chidubem", "Anyanwu"),
    ("Ragnheiður", "Ásgeirsdóttir"), ("Gwenaëlle", "Le Guennec"), ("Minh Châu", "Trịnh"), ("Saoirse", "Ní Bhriain"),
    ("Всеволод", "Загорулько"), ("Ευτέρπη", "Καραγιαννοπούλου"), ("千尋", "長谷部"), ("Ambrose", "Pettigrew-Lark"),
    ("Akosua", "Owusu-Boateng"), ("Leopoldine", "Fässler"), ("Itzel", "Cuauhtémoc Ríos"), ("Vaidehi", "Subramaniam"),
    ("Elsabet", "Kjærgaard"), ("Jago", "Penhallow"), ("Przemysław", "Kołodziejczyk"), ("Ahiga", "Tsosie"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "gmx.de", "t-online.de", "yahoo.co.jp", "yandex.ru", "onet.pl", "tregarthen-boats.co.uk", "dunmore-weaving.ie", "hafnarfjordur-bakari.is"]
STREETS = ["ulica Długa", "Bergmannstraße", "Shandon Street", "Rua das Flores", "Laugavegur", "Bağdat Caddesi", "Calea Victoriei", "Phố Hàng Gai", "Carrer de Verdi", "Vesterbrogade"]
CITIES = ["80-827 Gdańsk", "10961 Berlin", "Cork T23 K2P4", "4050-265 Porto", "101 Reykjavík", "34728 İstanbul", "010071 București", "Hà Nội", "08012 Barcelona", "1620 København V"]
LATIN_MAILBOX = {"Всеволод": "vsevolod", "Ευτέρπη": "efterpi", "千尋": "chihiro"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsao")

planted.configure("atx-redaction-holdout-v21", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
