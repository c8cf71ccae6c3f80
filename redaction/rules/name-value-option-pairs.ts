/**
 * Tools that set a setting by name and value in two options: `iscsiadm -o update -n NAME -v VALUE`
 * (open-iscsi node records: `node.session.auth.password`, `…password_in`, `discovery.sendtargets.auth.password`),
 * and the same pair spelled long (`--name=… --value=…`). When the name is a password's or a
 * secret's, the value is one.
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';

/** The setting's name ends in a password's or secret's word (`password`, `password_in`, `passwd`, `secret`, `chap_secret`). */
const SECRET_SETTING = String.raw`[\w.-]{0,120}(?:password|passwd|secret)(?:_in)?`;
const NAME_THEN_VALUE = new RegExp(
  String.raw`(?<![\w-])(?:-n[ ]+|--name(?:[ \t]+|=))["']?${SECRET_SETTING}["']?[ \t]+(?:-v|--value)(?:[ \t]+|=)\\{0,3}["']?(?<secret>[^\s"'\\$-][^\s"'\\]{1,200})`,
);

export const NAME_VALUE_OPTION_RULES: readonly Rule[] = [
  placedSecret(
    'name-value-option-secret',
    'the value of a name/value option pair whose name is a password or secret setting (`iscsiadm -o update -n node.session.auth.password -v …`)',
    { keywords: ['-n ', '--name'], label: 'password' },
    NAME_THEN_VALUE,
    {
      match: [
        'iscsiadm -m node -T iqn.2025-01.lan.example:store1 -p 10.0.0.5 -o update -n node.session.auth.password -v Zq6-tamarack-31',
        "iscsiadm -m discovery -t st -p 10.0.0.5 -o update --name discovery.sendtargets.auth.password_in --value 'Hm2-bittern-84'",
      ],
      noMatch: [
        'iscsiadm -m node -T iqn.2025-01.lan.example:store1 -o update -n node.session.auth.username -v initiator7',
        'iscsiadm -m node -o update -n node.session.auth.authmethod -v CHAP',
        'iscsiadm -m node -o update -n node.session.auth.password -v "$CHAP_PASS"',
      ],
    },
  ),
];
