/**
 * The built-in rule table, by family. Profiles pick from it by type; receipts name the families
 * that ran and the ruleset version, which is derived from the rule data (ruleset-version.ts).
 */
import { KEYLESS_NAME_RULE } from './keyless-names.js';
import { MAILBOX_ECHOED_NAME_RULE, NAME_SPELLED_MAILBOX_RULE } from './mailbox-echoed-name.js';
import { PERSON_NAME_COLUMN_PEERS_RULE } from './person-name-column-peers.js';
import { CONTACT_RECORD_STREET_RULE, KEYED_STREET_VALUE_RULE } from './keyed-street-values.js';
import type { Rule } from '../types.js';
import { CI_TRACE_RULES } from './ci-trace.js';
import { CJK_ADDRESS_RULE } from './cjk-address.js';
import { COMMAND_LINE_RULES } from './command-line.js';
import { COMMIT_LOG_NAME_RULE } from './commit-log-names.js';
import { CREDENTIAL_IDIOM_RULES } from './credential-idioms.js';
import { DEBUG_OUTPUT_RULES } from './debug-output.js';
import { DOVECOT_AUTH_RULES } from './dovecot-auth.js';
import { FTP_SESSION_RULES } from './ftp-sessions.js';
import { INTRODUCED_NAME_RULE } from './introduced-names.js';
import { KEY_MATERIAL_RULES } from './key-material.js';
import { KIND_PREFIXED_RULES } from './kind-prefixed.js';
import { LDAP_PERSONAL_RULES, LDAP_SECRET_RULES } from './ldap-entries.js';
import { KV_PERSONAL_RULES, KV_REPLY_RULES } from './kv-replies.js';
import { LANGUAGE_DUMP_PERSONAL_RULES, LANGUAGE_DUMP_RULES } from './language-dumps.js';
import { MAIL_AUTH_RULES } from './mail-auth.js';
import { GO_VALUE_PRINT_RULES } from './go-value-prints.js';
import { LONE_SECRET_RULES } from './lone-secret-output.js';
import { BUNDLER_HOST_CREDENTIAL_RULES } from './bundler-host-credentials.js';
import { FISH_VARIABLE_SHOW_RULES } from './fish-variable-shows.js';
import { RUNTIME_ERROR_ARGUMENT_RULES } from './runtime-error-arguments.js';
import { NAMED_VALUE_ROW_RULES } from './named-value-rows.js';
import { PERSONAL_ALIGNED_RULES, SECRET_COLUMN_RULES } from './secret-columns.js';
import { SERVICE_NAMED_RULES } from './service-named.js';
import { SQL_BIND_RULES } from './sql-binds.js';
import { PII_RULES } from './pii.js';
import { PERSONAL_DEVICE_NAME_RULES } from './personal-device-names.js';
import { PERSON_NAME_RULES } from './person-names.js';
import { PERSONAL_COLUMN_RULES } from './personal-columns.js';
import { PERSONAL_BIND_RULE } from './personal-binds.js';
import { PERSONAL_BOX_TABLE_RULE } from './personal-box-tables.js';
import { PERSONAL_RECORD_PRINT_RULE } from './personal-record-prints.js';
import { PERSONAL_PRINTED_RECORD_RULE } from './personal-printed-records.js';
import { SERVICE_CONTACT_RULES } from './service-contacts.js';
import { MAIL_ALIAS_MAP_RULE } from './mail-alias-maps.js';
import { EXCEPTION_PERSON_NAME_RULE } from './exception-person-names.js';
import { REPL_ECHO_NAME_RULE } from './repl-echo-names.js';
import { NAME_COLLECTION_RULE } from './name-collections.js';
import { PERSONAL_LISP_FORM_RULE } from './personal-lisp-forms.js';
import { PERSONAL_TCL_VALUE_RULE } from './personal-tcl-values.js';
import { PERSONAL_SHARE_COMMENT_RULE } from './personal-share-comments.js';
import { PERSONAL_CLOJURE_ERROR_RULE } from './personal-clojure-errors.js';
import { PERSONAL_OCAML_VALUE_RULE } from './personal-ocaml-values.js';
import { PERSONAL_FRAME_RECORD_RULE } from './personal-frame-records.js';
import { PERSONAL_KV_RECORD_RULE } from './personal-kv-records.js';
import { PERSONAL_NAME_OBJECT_RULE } from './personal-name-objects.js';
import { POSITIONAL_PERSON_NAME_RULE } from './positional-person-names.js';
import { PERSONAL_NAMED_VECTOR_RULE } from './personal-named-vectors.js';
import { PERSONAL_MAIL_RULE } from './personal-mail.js';
import { PLACED_NAME_RULES } from './placed-names.js';
import { POSTAL_ADDRESS_RULES } from './postal-address.js';
import { PERSONAL_ROW_STREET_RULE } from './personal-row-streets.js';
import { POSTCODE_ADDRESS_RULE } from './postcode-address.js';
import { PROSE_PASSWORD_RULES } from './prose-password.js';
import { QUERY_CREDENTIAL_RULES } from './query-credentials.js';
import { PROSE_ADDRESS_RULE } from './prose-address.js';
import { HONORIFIC_NAME_RULE, HONORIFIC_SUFFIX_NAME_RULE, PROSE_NAME_RULE } from './prose-names.js';
import { REGIONAL_ADDRESS_RULE } from './regional-address.js';
import { rulesetVersion } from './ruleset-version.js';
import { STRUCTURAL_RULES } from './structural.js';
import { TOOLING_CONFIG_RULES } from './tooling-config.js';
import { URL_USER_TOKEN_RULES } from './url-user-token.js';
import { DOMAIN_USER_URI_RULES } from './domain-user-uris.js';
import { EXIM_CLIENT_SEND_RULES } from './exim-client-sends.js';
import { PROXY_PEER_LOGIN_RULES } from './proxy-peer-logins.js';
import { ERLANG_TERM_RULES } from './erlang-terms.js';
import { URL_PART_RULES } from './url-parts.js';
import { SASL_PASSWD_RULES } from './sasl-passwd-maps.js';
import { SNMP_COMMUNITY_RULES } from './snmp-community.js';
import { TSIG_KEY_PRINT_RULES } from './tsig-key-prints.js';
import { TURN_SECRET_RULES } from './turn-secrets.js';
import { USER_PASSWORD_FLAG_RULES } from './user-password-flags.js';
import { RADIUS_DEBUG_RULES } from './radius-debug.js';
import { CREDENTIAL_DOCUMENT_KEY_ID_RULES } from './credential-document-key-ids.js';
import { KEYTAB_KEY_RULES } from './keytab-keys.js';
import { IRC_CHANNEL_KEY_RULES } from './irc-channel-keys.js';
import { NTP_KEY_FILE_RULES } from './ntp-key-files.js';
import { QUERY_NAMED_ROW_RULES } from './query-named-rows.js';
import { PARAMETER_PATH_VALUE_RULES } from './parameter-path-values.js';
import { KEYED_PRINT_RULES } from './keyed-prints.js';
import { HAPROXY_CAPTURE_RULES } from './haproxy-captures.js';
import { NAMED_EXCEPTION_RULES } from './named-exceptions.js';
import { PRINTED_PAIR_PERSON_RULE } from './printed-pairs-person.js';
import { PRINTED_PAIR_SECRET_RULES, PRINTED_PAIR_SECRET_VALUE_RULE } from './printed-pairs-secret.js';
import { SECRET_NAMED_TERM_RULES } from './secret-named-terms.js';
import { SECRET_KEYED_LIST_RULES } from './secret-keyed-lists.js';
import { ARGUMENT_ACTUAL_VALUE_RULES } from './argument-actual-values.js';
import { PROLOG_ERROR_TERM_RULES } from './prolog-error-terms.js';
import { SECRET_MESSAGE_RULES } from './secret-messages.js';
import { SQLCIPHER_KEY_RULES } from './sqlcipher-keys.js';
import { CONFIG_POSITIONAL_CREDENTIAL_RULES } from './config-positional-credentials.js';
import { KEY_HEX_DUMP_RULES } from './key-hex-dumps.js';
import { KEY_TOOL_SECRET_RULES } from './key-tool-secrets.js';
import { SECRET_COMMAND_OUTPUT_RULES } from './secret-command-output.js';
import { ACCOUNT_QUALIFIED_SECRET_RULES } from './account-qualified-secrets.js';
import { ASSERTION_SECRET_RULES } from './assertion-secrets.js';
import { OCTAVE_CELL_PAIR_RULES } from './octave-cell-pairs.js';
import { ETCD_FIELD_RECORD_RULES } from './etcd-field-records.js';
import { SHELL_ARRAY_PRINT_RULES } from './shell-array-prints.js';
import { UNKNOWN_WORD_REPORT_RULES } from './unknown-word-reports.js';
import { IRC_CONFIG_SECRET_RULES } from './irc-config-secrets.js';
import { LISP_HASH_TABLE_PRINT_RULES } from './lisp-hash-table-prints.js';
import { COMPOSER_AUTH_SETTING_RULES } from './composer-auth-settings.js';
import { DIRECTIVE_SECRET_RULES } from './directive-secrets.js';
import { WRAPPED_GENERATED_VALUE_RULES } from './wrapped-generated-values.js';
import { SHARED_KEY_FILE_RULES } from './shared-key-files.js';
import { IRC_WIRE_PASSWORD_RULES } from './irc-wire-passwords.js';
import { SECRET_OBJECT_DATA_RULES } from './secret-object-data.js';
import { PROTOCOL_AUTH_COMMAND_RULES } from './protocol-auth-commands.js';
import { NAME_VALUE_OPTION_RULES } from './name-value-option-pairs.js';
import { MISSPELLED_PASSWORD_KEY_RULES } from './misspelled-password-keys.js';
import { RELAY_CONTACT_NAME_RULE } from './relay-contact-names.js';
import { QUERY_STREET_VALUE_RULE } from './query-street-values.js';
import { CONTACT_NAMED_PERSON_RULE } from './contact-named-persons.js';
import { IRC_REAL_NAME_RULE } from './irc-real-names.js';
import { UNIT_FILE_PERSON_RULE } from './unit-file-persons.js';
import { PERSONAL_KEY_LABEL_RULES } from './personal-key-labels.js';
import { SERVER_DIRECTIVE_SECRET_RULES } from './server-directive-secrets.js';
import { FINGER_PHONE_RULE } from './finger-phones.js';
import { FINGER_GECOS_NAME_RULE } from './finger-gecos-names.js';
import { OBFUSCATED_EMAIL_RULE } from './obfuscated-emails.js';
import { AI_PROVIDERS_RULES } from './vendors/ai-providers.js';
import { CLOUD_RULES } from './vendors/cloud.js';
import { DATABASES_RULES } from './vendors/databases.js';
import { DEVELOPER_TOOLS_RULES } from './vendors/developer-tools.js';
import { MESSAGING_RULES } from './vendors/messaging.js';
import { PAYMENTS_RULES } from './vendors/payments.js';
import { SOURCE_HOSTING_RULES } from './vendors/source-hosting.js';
import { GENERIC_NAMED_VALUE_RULES } from './generic-named-value.js';
import { CAPABILITY_HOST_RULES, CAPABILITY_URL_RULES } from './capability-urls.js';

/**
 * Each family is one file: vendor formats under `vendors/`, secrets found by their place
 * (`generic`: structural.ts, and command-line.ts for tools' own password arguments) and
 * personal data (`pii`, pii.ts).
 */
export const RULE_FAMILIES = {
  cloud: CLOUD_RULES,
  'source-hosting': SOURCE_HOSTING_RULES,
  'developer-tools': [...DEVELOPER_TOOLS_RULES, ...CAPABILITY_HOST_RULES],
  messaging: MESSAGING_RULES,
  payments: PAYMENTS_RULES,
  'ai-providers': AI_PROVIDERS_RULES,
  databases: [...DATABASES_RULES, ...SQLCIPHER_KEY_RULES],
  generic: [...STRUCTURAL_RULES, ...KEY_MATERIAL_RULES, ...COMMAND_LINE_RULES, ...KIND_PREFIXED_RULES, ...SERVICE_NAMED_RULES, ...TOOLING_CONFIG_RULES, ...PROSE_PASSWORD_RULES, ...SQL_BIND_RULES, ...CREDENTIAL_IDIOM_RULES, ...CI_TRACE_RULES, ...DEBUG_OUTPUT_RULES, ...URL_USER_TOKEN_RULES, ...DOMAIN_USER_URI_RULES, ...EXIM_CLIENT_SEND_RULES, ...PROXY_PEER_LOGIN_RULES, ...QUERY_CREDENTIAL_RULES, ...SECRET_COLUMN_RULES, ...NAMED_VALUE_ROW_RULES, ...LONE_SECRET_RULES, ...GO_VALUE_PRINT_RULES, ...KV_REPLY_RULES, ...MAIL_AUTH_RULES, ...LANGUAGE_DUMP_RULES, ...LDAP_SECRET_RULES, ...DOVECOT_AUTH_RULES, ...FTP_SESSION_RULES, ...ERLANG_TERM_RULES, ...URL_PART_RULES, ...SASL_PASSWD_RULES, ...SNMP_COMMUNITY_RULES, ...RADIUS_DEBUG_RULES, ...CREDENTIAL_DOCUMENT_KEY_ID_RULES, ...KEYTAB_KEY_RULES, ...NTP_KEY_FILE_RULES, ...IRC_CHANNEL_KEY_RULES, ...QUERY_NAMED_ROW_RULES, ...PARAMETER_PATH_VALUE_RULES, ...KEYED_PRINT_RULES, ...HAPROXY_CAPTURE_RULES, ...NAMED_EXCEPTION_RULES, ...PRINTED_PAIR_SECRET_RULES, PRINTED_PAIR_SECRET_VALUE_RULE, ...SECRET_NAMED_TERM_RULES, ...SECRET_KEYED_LIST_RULES, ...ARGUMENT_ACTUAL_VALUE_RULES, ...PROLOG_ERROR_TERM_RULES, ...SECRET_MESSAGE_RULES, ...SHELL_ARRAY_PRINT_RULES, ...UNKNOWN_WORD_REPORT_RULES, ...IRC_CONFIG_SECRET_RULES, ...LISP_HASH_TABLE_PRINT_RULES, ...RUNTIME_ERROR_ARGUMENT_RULES, ...COMPOSER_AUTH_SETTING_RULES, ...BUNDLER_HOST_CREDENTIAL_RULES, ...FISH_VARIABLE_SHOW_RULES, ...DIRECTIVE_SECRET_RULES, ...WRAPPED_GENERATED_VALUE_RULES, ...SHARED_KEY_FILE_RULES, ...IRC_WIRE_PASSWORD_RULES, ...SERVER_DIRECTIVE_SECRET_RULES, ...GENERIC_NAMED_VALUE_RULES, ...USER_PASSWORD_FLAG_RULES, ...TURN_SECRET_RULES, ...TSIG_KEY_PRINT_RULES, ...CONFIG_POSITIONAL_CREDENTIAL_RULES, ...KEY_TOOL_SECRET_RULES, ...SECRET_COMMAND_OUTPUT_RULES, ...ACCOUNT_QUALIFIED_SECRET_RULES, ...KEY_HEX_DUMP_RULES, ...ASSERTION_SECRET_RULES, ...OCTAVE_CELL_PAIR_RULES, ...ETCD_FIELD_RECORD_RULES, ...SECRET_OBJECT_DATA_RULES, ...PROTOCOL_AUTH_COMMAND_RULES, ...NAME_VALUE_OPTION_RULES, ...MISSPELLED_PASSWORD_KEY_RULES, ...CAPABILITY_URL_RULES],
  pii: [...PII_RULES, ...POSTAL_ADDRESS_RULES, POSTCODE_ADDRESS_RULE, PERSONAL_ROW_STREET_RULE, CJK_ADDRESS_RULE, REGIONAL_ADDRESS_RULE, PROSE_ADDRESS_RULE, ...PERSON_NAME_RULES, COMMIT_LOG_NAME_RULE, INTRODUCED_NAME_RULE, PROSE_NAME_RULE, HONORIFIC_NAME_RULE, HONORIFIC_SUFFIX_NAME_RULE, ...PLACED_NAME_RULES, ...PERSONAL_COLUMN_RULES, ...PERSONAL_ALIGNED_RULES, ...KV_PERSONAL_RULES, PERSONAL_MAIL_RULE, PERSONAL_BIND_RULE, PERSONAL_KV_RECORD_RULE, PERSONAL_FRAME_RECORD_RULE, PERSONAL_BOX_TABLE_RULE, PERSONAL_NAME_OBJECT_RULE, POSITIONAL_PERSON_NAME_RULE, PERSONAL_NAMED_VECTOR_RULE, ...LANGUAGE_DUMP_PERSONAL_RULES, ...LDAP_PERSONAL_RULES, PERSONAL_RECORD_PRINT_RULE, PERSONAL_PRINTED_RECORD_RULE, ...SERVICE_CONTACT_RULES, MAIL_ALIAS_MAP_RULE, EXCEPTION_PERSON_NAME_RULE, REPL_ECHO_NAME_RULE, NAME_COLLECTION_RULE, PERSONAL_LISP_FORM_RULE, PERSONAL_TCL_VALUE_RULE, PERSONAL_SHARE_COMMENT_RULE, PERSONAL_CLOJURE_ERROR_RULE, PERSONAL_OCAML_VALUE_RULE, PRINTED_PAIR_PERSON_RULE, KEYLESS_NAME_RULE, MAILBOX_ECHOED_NAME_RULE, NAME_SPELLED_MAILBOX_RULE, PERSON_NAME_COLUMN_PEERS_RULE, KEYED_STREET_VALUE_RULE, CONTACT_RECORD_STREET_RULE, FINGER_PHONE_RULE, FINGER_GECOS_NAME_RULE, OBFUSCATED_EMAIL_RULE, QUERY_STREET_VALUE_RULE, CONTACT_NAMED_PERSON_RULE, IRC_REAL_NAME_RULE, UNIT_FILE_PERSON_RULE, ...PERSONAL_DEVICE_NAME_RULES, ...PERSONAL_KEY_LABEL_RULES, RELAY_CONTACT_NAME_RULE],
} as const satisfies Record<string, readonly Rule[]>;

/** A built-in family, or `custom` for a rule a config file adds. */
export type RuleFamily = keyof typeof RULE_FAMILIES | 'custom';

export const BUILTIN_RULES: readonly Rule[] = Object.values(RULE_FAMILIES).flat();

const FAMILY_OF = new Map<string, RuleFamily>(
  Object.entries(RULE_FAMILIES).flatMap(([family, rules]) => rules.map((rule) => [rule.id, family as RuleFamily] as const)),
);

/** the built-in rules themselves: a custom rule may reuse a built-in id (a Set: every transcript's header asks of each rule) */
const BUILTIN = new Set(BUILTIN_RULES);

/** The family a rule belongs to (`custom` when it is not built in). */
export function familyOf(rule: Rule): RuleFamily {
  const family = FAMILY_OF.get(rule.id);
  return family !== undefined && BUILTIN.has(rule) ? family : 'custom';
}

/** familiesOf's answer for a rule list: a run's transcripts share their profile's one compiled list */
const familiesByRules = new WeakMap<readonly Rule[], readonly RuleFamily[]>();

/** The families the rules belong to, in table order (what `privacy.rulesApplied` lists). */
export function familiesOf(rules: readonly Rule[]): RuleFamily[] {
  let families = familiesByRules.get(rules);
  if (!families) {
    const present = new Set(rules.map(familyOf));
    families = [...Object.keys(RULE_FAMILIES) as RuleFamily[], 'custom' as const].filter((family) => present.has(family));
    familiesByRules.set(rules, families);
  }
  return [...families];
}

/** `<engine revision>.<12 hex>`: changes whenever any built-in rule's data changes. */
export const RULESET_VERSION = rulesetVersion(BUILTIN_RULES);

export function rulesOfType(type: Rule['type']): Rule[] {
  return BUILTIN_RULES.filter((rule) => rule.type === type);
}
