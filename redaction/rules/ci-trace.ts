/**
 * Family `generic`: secrets in the commands CI runners read from a job's output, when the runner
 * did not mask them (a `set -x` trace echoes the command, a log is copied from before masking):
 * GitHub Actions' `::add-mask::X` (the value to mask is a secret by definition),
 * `::set-output name=token::X`, Azure Pipelines' `##vso[task.setvariable variable=X;issecret=true]v`,
 * and a step's debug log that evaluates a secret (`##[debug]Evaluating: secrets.X` then `=> 'v'`).
 */
import type { Rule, Span } from '../types.js';
import { classifyName } from './assignment.js';
import { placedSecret } from './placed-secret.js';

/** `::add-mask::X`, also echoed by a trace (`+ echo '::add-mask::X'`); not a variable or a command substitution. */
const ADD_MASK = /::add-mask::(?<secret>(?![$%])[^\s'"\\]{4,400})/;

/** Azure Pipelines' logging command, and GitHub's older output command. */
const SET_VARIABLE = /##vso\[task\.setvariable[ \t]+([^\]\n]{1,300})\]([^\s'"\\]{1,400})|::set-(?:output|env)[ \t]+name=([\w.-]{1,100})::([^\s'"\\]{1,400})/g;

function* setVariables(text: string): Iterable<Span> {
  SET_VARIABLE.lastIndex = 0;
  for (let m = SET_VARIABLE.exec(text); m; m = SET_VARIABLE.exec(text)) {
    const value = m[2] ?? m[4]!;
    let secret: boolean;
    if (m[1] !== undefined) {
      const properties = m[1].split(';');
      const name = properties.find((p) => /^[ \t]*variable=/.test(p))?.split('=')[1]?.trim() ?? '';
      secret = properties.some((p) => /^[ \t]*issecret=true[ \t]*$/i.test(p)) || classifyName(name) !== null;
    } else secret = classifyName(m[3]!) !== null;
    if (!secret || value.startsWith('$')) continue;
    const end = m.index + m[0].length;
    yield { start: end - value.length, end };
  }
}

/**
 * A debug log's evaluation of a secret's expression (`Evaluating: secrets.DEPLOY_KEY`, or of an
 * `env.` name that says secret), then its result a few lines below (`=> 'v'`, `Result: 'v'`),
 * each line maybe after the runner's timestamp.
 */
const EVALUATION = /##\[debug\]Evaluating:[ \t]+(?:secrets\.[\w-]{1,100}|secrets\[\\?['"][\w-]{1,100}\\?['"]\]|env\.([\w-]{1,100}))[ \t]*(?:\r?\n|\\n)/g;
const RESULT = /(?:[^\n]{0,40}##\[debug\](?:\.\.)*(?:Evaluating|=>|Result:)[^\n]{0,200}(?:\r?\n|\\n)){0,6}?[^\n]{0,40}##\[debug\](?:=>|Result:)[ \t]+'((?:[^'\n\\]|'')+)'/y;

function* evaluatedSecrets(text: string): Iterable<Span> {
  EVALUATION.lastIndex = 0;
  for (let m = EVALUATION.exec(text); m; m = EVALUATION.exec(text)) {
    if (m[1] !== undefined && classifyName(m[1]) === null) continue;
    RESULT.lastIndex = m.index + m[0].length;
    const result = RESULT.exec(text);
    if (!result) continue;
    const end = RESULT.lastIndex - 1;
    yield { start: end - result[1]!.length, end };
    // the same value again on the `Result:` line
    const again = text.indexOf(`Result: '${result[1]}'`, end);
    if (again !== -1 && again - end < 200) yield { start: again + 9, end: again + 9 + result[1]!.length };
  }
}

/**
 * A prompt's command that prints one variable named as a secret (`$ echo $DEPLOY_PASSWORD`,
 * `$ printenv API_TOKEN`, as GitLab and shells show a script's line), then its output: the value,
 * alone on the next line.
 */
const ECHOED_VARIABLE = /(?:^|\n)[^\n]{0,60}?[$#>%][ \t]+(?:echo(?:[ \t]+-[ne]{1,2})?[ \t]+"?\$\{?([A-Za-z_]\w{1,80})\}?"?|printenv[ \t]+([A-Za-z_]\w{1,80}))[ \t]*\r?\n[ \t]*([^\s]{6,400})[ \t]*(?=\r?\n|$)/g;

function* echoedVariables(text: string): Iterable<Span> {
  ECHOED_VARIABLE.lastIndex = 0;
  for (let m = ECHOED_VARIABLE.exec(text); m; m = ECHOED_VARIABLE.exec(text)) {
    const name = m[1] ?? m[2]!;
    if (classifyName(name) === null) continue;
    const value = m[3]!;
    const end = m.index + m[0].length;
    yield { start: end - value.length, end };
    ECHOED_VARIABLE.lastIndex = end;
  }
}

export const CI_TRACE_RULES: readonly Rule[] = [
  placedSecret('echoed-secret-variable', 'the output of a command that prints one variable named as a secret (`$ echo $DEPLOY_PASSWORD` then the value on the next line, `$ printenv API_TOKEN`), as CI logs and terminals show it', { label: 'secret', keywords: ['echo $', 'echo "$', 'echo -n $', 'echo -n "$', 'printenv '] },
    echoedVariables,
    {
      match: ['$ echo $DEPLOY_PASSWORD\nDp8xQm2Lp7!', '$ printenv API_TOKEN\nAt8xQm2Lp7zRt4wBs6yJ', 'user@ci:~$ echo "${DB_PASS}"\nHunter22!x\nuser@ci:~$'],
      noMatch: ['$ echo $DEPLOY_PASSWORD\n***', '$ echo $IMAGE_TAG\nv1.4.2-rc1', '$ echo $API_TOKEN\n\n$ ls', '$ printenv HOME\n/home/ci'],
    }),
  placedSecret('ci-add-mask', "the value a GitHub Actions step asks the runner to mask (`::add-mask::X`), seen where masking did not happen (a `set -x` trace, a log copied raw)", { label: 'secret', keywords: ['::add-mask::'] },
    new RegExp(ADD_MASK.source),
    {
      match: ["+ echo '::add-mask::Xq8vLm2Kz9pTnRw4'", '::add-mask::hunter2-prod-77', '2024-03-14T10:22:31.5519302Z ::add-mask::Vb7nQ2xLm9Kz4pRt'],
      noMatch: ["+ echo '::add-mask::***'", '::add-mask::$TOKEN', 'echo "::add-mask::$(cat token.txt)"', '::add-mask::%TOKEN%'],
    }),
  placedSecret('ci-set-variable', "a value a CI step sets as a secret variable or output: Azure Pipelines' `##vso[task.setvariable variable=X;issecret=true]v`, GitHub's `::set-output name=token::v` (by the variable's name or the `issecret` flag)", { label: 'secret', keywords: ['##vso[task.setvariable', '::set-output', '::set-env'] },
    setVariables,
    {
      match: ["+ echo '##vso[task.setvariable variable=API_TOKEN;issecret=true]Tk9xQm2Lp7zRt4wBs6yJ'", '##vso[task.setvariable variable=dbPassword]Gm7xQ2pLz9', '##vso[task.setvariable variable=conn;issecret=true]Hb7nX2qLm9Tz5kWp', '::set-output name=token::Rz8vXq3mLk9pNt2wBs6y'],
      noMatch: ['##vso[task.setvariable variable=buildNumber]1.4.2', '##vso[task.setvariable variable=API_TOKEN;issecret=true]***', '::set-output name=version::1.4.2', '::set-output name=token::$TOKEN', '##vso[task.setvariable variable=imageTag]Xq8vLm2Kz9'],
    }),
  placedSecret('ci-debug-evaluation', "a secret's value in a GitHub Actions step debug log (`##[debug]Evaluating: secrets.X` then `##[debug]=> 'v'`) when it was not masked", { label: 'secret', keywords: ['##[debug]evaluating:'] },
    evaluatedSecrets,
    {
      match: ["##[debug]Evaluating: secrets.DB_PASS\n##[debug]=> 'Hj3kL9mQ2xPz'\n##[debug]Result: 'Hj3kL9mQ2xPz'", "2024-03-14T10:22:31.5519302Z ##[debug]Evaluating: env.NPM_AUTH_TOKEN\n2024-03-14T10:22:31.5519302Z ##[debug]=> 'Xq8vLm2Kz9pTnRw4'"],
      noMatch: ["##[debug]Evaluating: secrets.DB_PASS\n##[debug]=> '***'\n##[debug]Result: '***'", "##[debug]Evaluating: github.ref_name\n##[debug]=> 'main'", "##[debug]Evaluating: env.IMAGE_TAG\n##[debug]=> 'Xq8vLm2Kz9pTnRw4'"],
    }),
];
