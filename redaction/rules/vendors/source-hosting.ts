/**
 * Source hosting and package registries: GitHub, GitLab, Bitbucket, Atlassian, npm, PyPI,
 * RubyGems, Docker Hub, JFrog.
 */
import type { Rule } from '../../types.js';
import { R, RD, token, DOC, DOC_RUNS, vendorToken } from './shared.js';

export const SOURCE_HOSTING_RULES: readonly Rule[] = [
  vendorToken('github-pat', 'GitHub personal access token, classic (ghp_ + 36 base62; the last 6 are a CRC32)', {
    keywords: ['ghp_'], body: String.raw`ghp_[A-Za-z0-9]{36,251}${R}`, entropy: 3,
    match: ['export GITHUB_TOKEN=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', 'git clone https://x-access-token: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@github.com/acme/app.git', '{\\"token\\": \\"ghp_Py0TrAkkQLgBSb1bSQN6GATtrWQe3EQam5rQ\\"}', 'output:\\n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\\n'],
    noMatch: ['ghp_Qr8yO298TBBmuGrYMaW4Z3vVR7A9ks', 'GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'ghp_ is the classic token prefix'],
  }),
  vendorToken('github-oauth-token', 'GitHub OAuth access token (gho_ + 36 base62)', {
    keywords: ['gho_'], body: String.raw`gho_[A-Za-z0-9]{36,251}${R}`, entropy: 3,
    match: ['github.com:\n    oauth_token: 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\n    user: octo', 'GH_TOKEN=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'],
    noMatch: ['gho_LRutY3pIi3VP', 'gho_0000000000000000000000000000000000000'],
  }),
  vendorToken('github-app-token', 'GitHub App user-to-server (ghu_) or installation (ghs_) token', {
    keywords: ['ghu_', 'ghs_'], body: String.raw`gh[us]_[A-Za-z0-9]{36,251}${R}`, entropy: 3,
    match: ['Authorization: token ghs_KL9YRy11nDXph6VMv13dQRgvSLxHfm4KZSgA', '{"token":"ghu_q7mhVwx6x8D8CacEpf4e4XPH7slJ4M2ZWJe3","expires_at":"2026-01-01T00:00:00Z"}'],
    noMatch: ['ghs_cKmESjgUyTgbusr3VdZr', 'ghu_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  }),
  vendorToken('github-refresh-token', 'GitHub refresh token (ghr_ + 36+ base62)', {
    keywords: ['ghr_'], body: String.raw`ghr_[A-Za-z0-9]{36,251}${R}`, entropy: 3,
    match: ['refresh_token=ghr_XQg7qiVkrP1dM82CKc5lqttdqNfdUDliEMptotKvquHoh8JUxkkmS3brpX2SPUMsBRSJ3tuaIruM&refresh_token_expires_in=15811200', '"refresh_token": "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"'],
    noMatch: ['ghr_jDafaduzi2p0JTsO51pafcS4ZLFeBwoywO0', 'ghr_prefix_docs'],
  }),
  vendorToken('github-fine-grained-pat', 'GitHub fine-grained personal access token (github_pat_ + 22 + _ + 59)', {
    keywords: ['github_pat_'], body: String.raw`github_pat_[A-Za-z0-9]{20,30}_[A-Za-z0-9]{50,70}${R}`, entropy: 3.5,
    match: ['GITHUB_TOKEN=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', '{\\"github_token\\":\\"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\\"}'],
    noMatch: ['github_pat_11CvC9aJ8Vya1mjdMBkvxz', 'github_pat_token_name = "ci"'],
  }),
  vendorToken('gitlab-pat', 'GitLab personal/project/group access token (glpat-, incl. routable form)', {
    keywords: ['glpat-'], body: String.raw`glpat-[A-Za-z0-9_-]{20,300}(?:\.[0-9a-z]{2}\.?[0-9a-z]{7,9}${RD})?${RD}`, entropy: 3,
    match: ['git remote add origin https://oauth2:glpat-t3XY7M4xrBPg4WjijN7e@gitlab.com/acme/app.git', 'GITLAB_TOKEN=glpat-omOkntn2myM3CH6dwZ40iekMvjjWp5DoQxYB.01.okj7l5t6h', 'PRIVATE-TOKEN: glpat-6xQtKKkNmFjZmf95LH70'],
    noMatch: ['glpat-lLH1ixGq8HA8', 'glpat-xxxxxxxxxxxxxxxxxxxx'],
  }),
  vendorToken('gitlab-deploy-token', 'GitLab deploy token (gldt-)', {
    keywords: ['gldt-'], body: String.raw`gldt-[A-Za-z0-9_-]{20,300}${RD}`, entropy: 3,
    match: ['docker login registry.gitlab.com -u deployer -p gldt-lA591cx5ItSCn55jgBQr', 'CI_DEPLOY_PASSWORD: "gldt-MCe2dZSh6w5fzhb75Gr6"'],
    noMatch: ['gldt-viC44ANkiN', 'gldt-xxxxxxxxxxxxxxxxxxxx'],
  }),
  vendorToken('gitlab-runner-token', 'GitLab runner authentication token (glrt-)', {
    keywords: ['glrt-'], body: String.raw`glrt-[A-Za-z0-9_-]{20,300}(?:\.[0-9a-z]{2}\.?[0-9a-z]{7,9}${RD})?${RD}`, entropy: 3,
    match: ['gitlab-runner register --token glrt-2NnUsqp4DPP6O1pW4QXe', '[[runners]]\n  token = "glrt-t1_cYq-A-QIBbaU7_wKSvfrCcHWh8z.01.ewv4ephek"'],
    noMatch: ['glrt-2Wc1ydQD', 'glrt-xxxxxxxxxxxxxxxxxxxx'],
  }),
  vendorToken('gitlab-runner-registration-token', 'GitLab legacy runner registration token (GR1348941 + 20 characters)', {
    keywords: ['gr1348941'], body: String.raw`GR1348941[A-Za-z0-9_-]{20}${RD}`, entropy: 3,
    match: ['gitlab-runner register --registration-token GR1348941c80UqmBwlOLv7Y1cI8BX', 'REGISTRATION_TOKEN=GR1348941knmBc1yvHFS0HKqAhs5t'],
    noMatch: ['GR1348941k6290885H5', 'GR1348941 is the prefix'],
  }),
  vendorToken('gitlab-ci-job-token', 'GitLab CI/CD job token (glcbt-)', {
    keywords: ['glcbt-'], body: String.raw`glcbt-[A-Za-z0-9]{1,5}_[A-Za-z0-9_-]{20,300}${RD}`, entropy: 3,
    match: ['CI_JOB_TOKEN=glcbt-64_iy6wrkCQWzGPsjK7w9OD', 'curl --header "JOB-TOKEN: glcbt-NW_LMp8sUcNdxTn69WbTkY0mYtk" https://gitlab.example.com/api/v4/jobs/1'],
    noMatch: ['glcbt-64_dpsFClUSC7', 'glcbt-prefix'],
  }),
  vendorToken('gitlab-trigger-token', 'GitLab pipeline trigger token (glptt- + 40 hex)', {
    keywords: ['glptt-'], body: String.raw`glptt-[a-f0-9]{40}${R}`, entropy: 3,
    match: ['curl -X POST -F token=glptt-fb6efc63bd7063c4d3ca28cbd950b0c98e992ea5 -F ref=main https://gitlab.com/api/v4/projects/1/trigger/pipeline', 'TRIGGER_TOKEN: glptt-f168e495ce8d0d53311fe554c3e2f1eca358ffdc'],
    noMatch: ['glptt-ffbe296e65833d47ad8e', 'glptt-0000000000000000000000000000000000000000'],
  }),
  vendorToken('gitlab-other-token', 'Other GitLab tokens: feed (glft-), incoming mail (glimt-), agent (glagent-), OAuth app secret (gloas-), SCIM (glsoat-), feature flags (glffct-)', {
    keywords: ['glft-', 'glimt-', 'glagent-', 'gloas-', 'glsoat-', 'glffct-'], body: String.raw`gl(?:ft|imt|agent|oas|soat|ffct)-[A-Za-z0-9_-]{20,300}${RD}`, entropy: 3,
    match: ['https://gitlab.com/dashboard/issues.atom?feed_token=glft-xoTG6L1GjIodvCQ-9WZK', 'GITLAB_AGENT_TOKEN=glagent-7QAKgdou871prorNvWWVk1neiNJfVOrdjhcoHYw1zt4FEVcgy8', '"secret": "gloas-cfd196113acaae0650a94f3f17d485732f52a1e3099b2dc2ee00b206cc3f318c"'],
    noMatch: ['glagent-beoJFlbU', 'gloas-xxxxxxxxxxxxxxxxxxxxxxxx'],
  }),
  vendorToken('bitbucket-app-password', 'Bitbucket Cloud app password (ATBB + 32 characters)', {
    keywords: ['atbb'], body: String.raw`ATBB[A-Za-z0-9]{32}${R}`, entropy: 3.5,
    match: ['git clone https://dev:ATBBSs45ODpDJyvKzTO5b5qLHJ2HbL2HPQGs@bitbucket.org/acme/app.git', 'BITBUCKET_APP_PASSWORD=ATBBGjPnIPDvsWOfc7PXLA9q035yBrRxAz5Y'],
    noMatch: ['ATBB0Tx3IlKeidpwozvn', 'ATBBxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  }),
  vendorToken('atlassian-api-token', 'Atlassian (Jira, Confluence, Bitbucket) API or access token (ATATT3/ATCTT3 + ~186 characters)', {
    keywords: ['atatt3', 'atctt3'], body: String.raw`AT[AC]TT3[A-Za-z0-9_=-]{150,250}${R}(?![=-])`, entropy: 4, allow: DOC,
    match: ['JIRA_API_TOKEN=ATATT3xFfGF0fsxfE8fTbwJVUCj2MRkjPJeHSzhIncj4lfyBQXxxuM0xaQfFEcKVcd6G1KImnmihsB1b5n7O3yrmHUvaXLmGwOuNYuoXq_s7nzCGBH_1uI_FF8pfBRG9yjV-oXrvoSSy_CE2YmmWZVQnGd1-84cJNRnA49lNJFaUXZ6RQb31lX=6E8FADE2', 'curl -u me@corp.io:ATATT3xFfGF0Srq1BHQT9d1trSebtb3ddnvfkvc4iDB5ldyP47DujEFudRzvsrxHSsasUxpftfBomK4u7sWWT5Eo97cs_4QKove33gIayVgkp-BwMBhNpuT9_Gyp05UEncXGxJ-VkM-uYTTZXJTuK2uA35CvpcfRPnBcdI8OZq4oueRXg7Jpt3ii=87CF1EC1 https://corp.atlassian.net/rest/api/3/myself'],
    noMatch: ['ATATT3xFfGF0f895cgTKS4O83KyIVX-k2lMIyahLaDxNUXzM6wCq', 'ATATT3 is the Atlassian prefix'],
  }),
  vendorToken('npm-token', 'npm access token (npm_ + 36 base62; the last 6 are a CRC32)', {
    keywords: ['npm_'], body: String.raw`npm_[A-Za-z0-9]{36}${R}`, entropy: 3,
    match: ['//registry.npmjs.org/:_authToken=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', 'NPM_TOKEN=npm_g0BUt5SUseO7pS80vHfllCQRNfFtJyYYAu0i'],
    noMatch: ['npm_config_registry=https://registry.npmjs.org/', 'npm_package_version=1.2.3', 'npm_5Q0cSApoHtrqaYxsIYGC'],
  }),
  vendorToken('pypi-token', 'PyPI / TestPyPI upload token (pypi-AgEIcHlwaS5vcmc… macaroon)', {
    keywords: ['pypi-ag'], body: String.raw`pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[A-Za-z0-9_-]{50,1000}${RD}`, entropy: 3.5, allow: DOC,
    match: ['TWINE_PASSWORD=pypi-AgEIcHlwaS5vcmcPX-m5DArqhkwZcdyfOOckxxdxTEhVO0g7ZWpaqVj6u4lGBbnY2lwwf1MMhnxq0XyqeaCWdcZAHzFn-7xV7NCjaMbgjdrO844HUfI1tt4Bgc0OlGxhdNLT6hKg3FqsiJbM7UEx-uToBkvEt6FpHiM_cgYRUPaJE0h', '[testpypi]\n  username = __token__\n  password = pypi-AgENdGVzdC5weXBpLm9yZw2RuSGrOE2s-ouHVIUSok0j9kXopbQt-H14EylMxmT8uBaCAf150HEAnVLRqw_pnd-WZw11mvMxddruwJiVbl2G-GC29qEWkWShfyhKZ1FG7j05FMYG4UraMvnVkGUZRao9gu5TXO6WLO'],
    noMatch: ['pypi-AgEIcHlwaS5vcmckHZBd-YuLWu22WIIW7J3', 'pip install pypi-AgEIcHlwaS5vcmc'],
  }),
  vendorToken('clojars-deploy-token', 'Clojars deploy token (CLOJARS_ + 60 lower-case letters and digits)', {
    keywords: ['clojars_'], body: String.raw`CLOJARS_[a-z0-9]{60}${R}`, entropy: 3.5,
    match: ['CLOJARS_PASSWORD=CLOJARS_k4t8q2mz7v1x9w3n5p0r6s2y8u4b7c1d3f5g9h2j6k0l4m8n1q3r7t5v9x2z', ':password "CLOJARS_a8d3f7k2m9q4t1w6z0c5e8h3j7n2p6s1v4x9b0d5g8k3m7q2t6w1y4a9c0e5"'],
    noMatch: ['CLOJARS_USERNAME=team', 'CLOJARS_k4t8q2mz7v1x9w3n5p0r6s2y8u4b'],
  }),
  {
    id: 'crates-io-token',
    type: 'secret',
    description: 'crates.io API token (cio + 32 letters and digits)',
    keywords: ['cio'],
    keywordStarts: true,
    pattern: token(String.raw`cio[A-Za-z0-9]{32}${R}`),
    entropy: 3.5,
    allow: DOC_RUNS,
    examples: {
      match: ['cargo login ciof5DOJeYaxF6tKyRju7Nv9h6vu76tcSFj', 'CARGO_REGISTRY_TOKEN=cioQz8Lm2Vx7Kp4Wn9Rt3Bc6Yh1Fs5Jd0Ga'],
      noMatch: ['decision_maker_precious_cio_of_the_company_x', 'cioxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  vendorToken('rubygems-api-key', 'RubyGems API key (rubygems_ + 48 hex)', {
    keywords: ['rubygems_'], body: String.raw`rubygems_[a-f0-9]{48}${R}`, entropy: 3,
    match: ['---\n:rubygems_api_key: rubygems_d1459f0304129aaaccbbdf1991b4a46fc6b481d4f3ccb3f7', 'GEM_HOST_API_KEY=rubygems_a31143295be6e885384d69ae0a216ccb803e82d0183e793a'],
    noMatch: ['rubygems_api_key: ', 'rubygems_b74b9d6e26b9dc058c8f'],
  }),
  vendorToken('docker-hub-token', 'Docker Hub personal or organization access token (dckr_pat_/dckr_oat_)', {
    keywords: ['dckr_pat_', 'dckr_oat_'], body: String.raw`dckr_(?:pat|oat)_[A-Za-z0-9_-]{27,40}${RD}`, entropy: 3.5,
    match: ['echo dckr_pat_wLpACubjEJowK81ddp8lERrdbWA | docker login -u acme --password-stdin', 'DOCKERHUB_TOKEN=dckr_oat_AXghWQZy_TRcpJGobkr1BAGtZXTi_uY7'],
    noMatch: ['dckr_pat_UDclALaOpE', 'dckr_pat_xxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  }),
  vendorToken('jfrog-api-key', 'JFrog Artifactory API key (AKCp + 69 characters)', {
    keywords: ['akcp'], body: String.raw`AKCp[A-Za-z0-9]{69}${R}`, entropy: 4,
    match: ['ARTIFACTORY_API_KEY=AKCpDAQFFG4218l4famgQceYu2FsA3MgLRhCJxLeniaTp3Q3AFa9ni1TDwpUh7Qphf0hkDxMR', 'curl -H "X-JFrog-Art-Api: AKCpxe6IOlpHuAIqWso078yoakW5QVVfgYwjgbq8VZxT4YL9EXi8FxfdRyeLsyc6XAdkQ8KbP" https://acme.jfrog.io/artifactory/api/repositories'],
    noMatch: ['AKCpLMudqmasRxxBA2XfqzEFBgLkvda8UQ', 'AKCp prefix'],
  }),
  vendorToken('jfrog-reference-token', 'JFrog reference (identity) token (cmVmdGtu + 56 characters)', {
    keywords: ['cmvmdgtu'], body: String.raw`cmVmdGtu[A-Za-z0-9]{56}${R}`, entropy: 4,
    match: ['JFROG_ACCESS_TOKEN=cmVmdGtuOjAxOjIcaYQ7jIleg8gxxdnpdpMHqKfhBY5Sse213ic9RQ68d0wHNBCv', 'Authorization: Bearer cmVmdGtuZQqfnzx2W4MmtTlOqx61o5xB8fwptGO8MfqOjnOb245ereezYhbOUgWw'],
    noMatch: ['cmVmdGtu1sq8yKI5RH9lsJDlRk0Y', 'cmVmdGtu'],
  }),
];
