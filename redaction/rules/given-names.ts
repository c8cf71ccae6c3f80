/**
 * Given names common in many countries, lower-cased, for finding a person's name in prose where
 * nothing else says a name stands there ("ask Priya Raman", "reviewed by Tomasz Nowak").
 * Names that are also everyday English or technical words (Will, Mark, Grant, Ruby, Julia, Max,
 * Jack, Rose, Grace, June, Chase, Sky, Pascal, Ada …) are left out on purpose: a missed name is
 * better than a heading or a language redacted in every session.
 */
const NAMES = `
aaron abdul abdullah abigail adam adeola adrian agnieszka ahmad ahmed aisha akira alan alberto aleksandr alessandro alejandro
alex alexander alexandra alexei alice alicia alina alison amanda amara amelia amina amir amit amy ana anastasia anders andrea
andreas andrei andrew andrzej angela anil anita anja anna anne annika anthony antoine antonio anya anders arjun arnav ashley
astrid ayesha bartosz beatriz benjamin bernard bianca bjorn björn bogdan brandon brenda brian bruno camila carla carlos carmen
caroline carolina catalina catherine cecilia charles charlotte chen chiara chidi chinedu chloe christian christina
christine christopher claire clara claudia connor cristina cynthia damian daniel daniela danielle dariusz david deborah deepak
deepika denise dennis diana dimitri dmitri dmitry dominik donald dorothy douglas edward elena eleanor elizabeth ella
elena emeka emily emma emmanuel enrique erik erika esther ethan eugene evelyn fatima fatuma felipe felix fernando fiona florian
francesca francisco franz frederick gabriel gabriela gabriele gareth george gerald giovanni giulia giuseppe gloria gonzalo
gregory guillaume gustavo hamza hannah hans haruto harold heather helen helena hendrik henrik hiroshi ibrahim igor ilya
ines ingrid irina isabel isabella isabelle ivan jacob jakub james jamal jan jana janet janice jason javier jennifer jeremy
jessica jiang joanna joao joão joaquin johan johannes john jonathan jordi jorge jose josé joseph joshua juan judith julian
juliana julien junaid jürgen jurgen kamal karen karin karthik katarzyna katherine kathleen katrin kavya keith kelly
kenji kenneth kevin khalid kimberly klaus kofi krishna krzysztof kumar kwame lakshmi larissa laura lauren leila lena leon
leonardo liam lina linda lisa liu lorenzo lucas lucia luis luisa lukas łukasz magdalena mahmoud malik manuel marco marcos
marek margaret margarita maria mariam marie marina marisol marta martina mary maryam mateo mateusz matteo matthew
matthias maximilian mehmet melissa michael michal michał michelle miguel mihai mikhail minh mohamed mohammad mohammed
monica monika mustafa nadia naomi natalia natasha nathan neha nicholas nicola nicolas nikhil nikita nikolai nina noah nora
nuno oleg olga oliver olivia omar oscar pablo paolo patricia patrick paula paulo pavel pedro peter petra philipp philippe
piotr pooja prakash pranav priya priyanka rachel rahul raj rajesh ramesh raphael rebecca renata ricardo richard riya
roberto robert rodrigo roman ronald rosa ruth ryan sabrina sachin sadia samantha samir samuel sandra sanjay sara
sarah sasha sebastian sergei sergey sergio shanti sharon shira shreya siddharth silvia simon sofia sophia sophie stefan
stefano stephanie stephen steven sunil susan sven svetlana takashi tamara tanvir tatiana teresa thabo thomas timothy tobias
tomasz tomás tomas valentina valeria vanessa vera veronica victor vijay vikram vincent vivek vladimir wei wojciech
xavier xiaoming yaw yasmin yolanda youssef yuki yusuf yuto yvonne zainab zanele zara zeynep zhang zoe zoë
camille olumide greta ruairí fatoumata kateryna bjørn aroha sipho nomvula oluwaseun ngozi aylin ahmet siobhan aoife niamh
cian eoin saoirse ioana zsófia zsofia lászló laszlo jiří jiri tereza lucie matěj milica dragan burak farah layla hamid parisa
arash darius abena chiamaka tunde funmilayo bongani lerato thiago sofía diego ximena lucía inés adaeze kwabena akua thandiwe
themba sibusiso lindiwe hiroko takeshi minji jisoo seojun jiwoo aditya ananya rohan sunita emre ayşe fatma yekaterina yulia
gonçalo catarina mariana magnus sigrid linnea elin niklas jannik mathilde margaux théo clément amélie aurélie benoît sébastien françois
александр алексей андрей анна дмитрий екатерина елена иван ирина михаил наталья николай ольга павел сергей светлана
татьяна юлия мария владимир олена оксана тарас богдан
`;

export const GIVEN_NAMES: ReadonlySet<string> = new Set(NAMES.split(/\s+/).filter(Boolean));
