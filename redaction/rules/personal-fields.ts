/**
 * The one table of personal field kinds: what a field, a column, a key or a label named `x` holds
 * about a person. Every rule that judges a value by the name of its field reads it here (table
 * columns, error objects, name keys), so that `first_name`, `FirstName`, `first-name` and a
 * column headed `First Name` mean the same everywhere. Names are compared lower-cased without
 * anything but letters and digits (`personalFieldKind('Date_of_Birth')` is `birth`, `Phone #` is `phone`).
 *
 * - `name`: a bare "name" (in any language): a person's only where the context says so
 * - `full-name`: a name field that is always a person's (`full_name`, `customer_name`, `ФИО`)
 * - `single-name`: one part of a name (`first_name`, `surname`, `Nachname`)
 * - `role`: a person by the part they play (`author`, `payee`, `assignee`, `created_by`)
 * - `email`, `phone`, `birth`, `national-id` (national and tax ids, passports, IBANs)
 * - `street` (a home's street line), `address` (an address or one of its lines), `town`, `postcode`
 */

export type PersonalFieldKind = 'name' | 'full-name' | 'single-name' | 'role' | 'email' | 'phone' | 'birth' | 'national-id' | 'street' | 'address' | 'town' | 'postcode';

/** The kinds that hold a name (judged by its shape where the rule asks for one). */
export const NAME_KINDS: ReadonlySet<PersonalFieldKind> = new Set(['name', 'full-name', 'single-name', 'role']);
/** The kinds that are part of a postal address. */
export const ADDRESS_KINDS: ReadonlySet<PersonalFieldKind> = new Set(['street', 'address', 'town', 'postcode']);

const words = (list: string) => list.trim().split(/\s+/);

/** Who a `<who>_name` field names: `customer_name`, `cardholder_name`, `git_author_name`. */
const NAME_OWNERS = words(`
  full user address shopper payer buyer customer contact client person patient employee owner author maintainer real legal
  billing shipping recipient accountholder cardholder holder member student applicant passenger sender signer display
  gitauthor gitcommitter initauthor
`);

const ROLES = words(`
  author authors committer maintainer maintainers contributor contributors contact contactperson customer client owner fn
  reviewer reviewers assignee assignees approver approvers lead requester requestor submitter addressee payee payer
  beneficiary holder accountholder cardholder policyholder applicant guarantor recipient patient passenger signatory tenant
  createdby updatedby modifiedby changedby openedby closedby mergedby requestedby reportedby approvedby reviewedby signedby
  submittedby deletedby editedby
  manager supervisor reporter employee assignedto managedby ownedby accountmanager
  destinatario destinataire destinatário ontvanger mottagare vastaanottaja odbiorca empfänger absender ansprechpartner
  příjemce címzett alıcı получатель отправитель одержувач отримувач παραλήπτης 收件人 联系人 聯絡人 수령인 받는사람
`);

const TABLE: ReadonlyMap<string, PersonalFieldKind> = new Map<string, PersonalFieldKind>([
  ...words('name navn namn nimi nombre nome naam nom имя όνομα isim nev név 名前 이름').map((key) => [key, 'name'] as const),
  ...NAME_OWNERS.map((owner) => [`${owner}name`, 'full-name'] as const),
  ...words('fullname debfullname customername contactname clientname employeename patientname membername legalname billingname shippingname cardholdername holdername kundenname фио ονοματεπώνυμο 氏名 姓名 お名前 성명 adsoyad').map(
    (key) => [key, 'full-name'] as const,
  ),
  ...words('firstname lastname givenname familyname surname middlename maidenname forename vorname nachname prénom apellido apellidos cognome nazwisko imię příjmení jméno soyad soyadı фамилия прізвище επώνυμο').map(
    (key) => [key, 'single-name'] as const,
  ),
  ...ROLES.map((key) => [key, 'role'] as const),
  ...words('email mail emailaddress useremail customeremail contactemail billingemail debemail initauthoremail').map((key) => [key, 'email'] as const),
  ...words('phone phonenumber mobile mobilenumber tel telephone msisdn cell cellphone contactphone').map((key) => [key, 'phone'] as const),
  ...words('dob birthdate dateofbirth birthday born').map((key) => [key, 'birth'] as const),
  ...words('ssn bsn iban nhsnumber nhsno nationalid taxid passport passportnumber passportno').map((key) => [key, 'national-id'] as const),
  ...words('street streetaddress homeaddress').map((key) => [key, 'street'] as const),
  ...words('address address1 address2 address3 addressline1 addressline2 addressline3 line1 line2 line3').map((key) => [key, 'address'] as const),
  ...words('city town').map((key) => [key, 'town'] as const),
  ...words('zip zipcode postcode postalcode').map((key) => [key, 'postcode'] as const),
]);

/** The field name as the table keys it: lower case, letters and digits only. */
export function fieldKey(field: string): string {
  return field.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** What a field named `field` holds about a person, or undefined when it is no personal field. */
export function personalFieldKind(field: string): PersonalFieldKind | undefined {
  return TABLE.get(fieldKey(field));
}

/**
 * The kind of every personal field whose name starts with `prefix` (a column name cut short:
 * `full_na…`, `street_…`), when they all share one; undefined when none does or they differ
 * (`custome…` is `customer_name` and `customer_email`).
 */
export function personalFieldKindByPrefix(prefix: string): PersonalFieldKind | undefined {
  const key = fieldKey(prefix);
  if (key.length < 4) return undefined;
  let found: PersonalFieldKind | undefined;
  for (const [field, kind] of TABLE) {
    if (!field.startsWith(key)) continue;
    if (found !== undefined && found !== kind) return undefined;
    found = kind;
  }
  return found;
}
