/**
 * AI and ML APIs: OpenAI, Anthropic, Groq, Hugging Face, Replicate, Perplexity, xAI, OpenRouter,
 * LangSmith, Langfuse, ElevenLabs, NVIDIA, Cohere, Deepgram, DeepSeek.
 */
import type { Rule } from '../../types.js';
import { R, RD, UUID, named, prefixed, DOC, DOC_RUNS, vendorToken } from './shared.js';

export const AI_PROVIDERS_RULES: readonly Rule[] = [
  prefixed('voyage-api-key', 'Voyage AI API key (pa- + 40 to 50 characters)', 'pa-', String.raw`pa-[A-Za-z0-9_-]{40,50}`, 'VOYAGE_API_KEY=pa-Rk9zL2mX8vN4pR7tW1yB3cD6eF0gH5jKq2Lm7Xv4Rt9'),
  prefixed('fireworks-api-key', 'Fireworks AI API key (fw_ + 24 or more characters)', 'fw_', String.raw`fw_[A-Za-z0-9]{24,48}`, 'client = Fireworks(api_key="fw_3Zq8Lm2Xv7Rt9Wn3Hb6Jd1Fg5")'),
  prefixed('together-api-key', 'Together AI key (tgp_v1_ + 40 or more characters)', 'tgp_v1_', String.raw`tgp_v1_[A-Za-z0-9_-]{40,64}`, 'TOGETHER_API_KEY=tgp_v1_Qm8Kz2Lp7Xv4Rt9Wn3Hb6Jd1Fg5Ks0PcYw2Ae6Tu8Qh1'),
  prefixed('anyscale-api-key', 'Anyscale endpoint key (esecret_ + 26 or more characters)', 'esecret_', String.raw`esecret_[A-Za-z0-9]{20,64}`, 'ANYSCALE_API_KEY=esecret_7hq2lm9xv4rt8wn3hb6jd1fg5k'),
  vendorToken('openai-api-key', 'OpenAI project, service-account, admin or default-project key (sk-proj-/sk-svcacct-/sk-admin-/sk-None-)', {
    keywords: ['sk-proj-', 'sk-svcacct-', 'sk-admin-', 'sk-none-'], body: String.raw`sk-(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{40,300}${RD}`, entropy: 4,
    match: ['OPENAI_API_KEY=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', '{\\"apiKey\\": \\"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\\"}', 'export OPENAI_API_KEY=sk-proj-6hUkSHG-KUHIY7xb6hkugb_EMLgr656VbfVB75EvaCPRRbi1RbrATN22JOSw-zagCVBM-WjvGmd4ipOITZx8_4v1hQjtET62a-E2gOVvJQI05Q-TWovZzJhH'],
    noMatch: ['sk-proj-TQXg0Hg-S_vD', 'OPENAI_API_KEY=sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'pip install scikit-learn  # sk-learn'],
  }),
  vendorToken('openai-legacy-api-key', 'OpenAI legacy user key (sk- + 20 + T3BlbkFJ + 20)', {
    keywords: ['t3blbkfj'], body: String.raw`sk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}${RD}`, entropy: 3.5,
    match: ['openai.api_key = "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"', 'OPENAI_API_KEY=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'],
    noMatch: ['sk-z98o9h2poqlFtqYZmd9FT3BlbkFJ', 'T3BlbkFJ is base64 for OpenAI'],
  }),
  {
    id: 'openai-api-key-named',
    type: 'secret',
    description: 'OpenAI-style sk- key of another shape after an OpenAI key name (the prefixed forms are openai-api-key)',
    keywords: ['openai'],
    keywordStarts: true,
    pattern: named(String.raw`openai[\w .-]{0,20}?(?:api[_ .-]?)?key`, 'sk-(?!proj-|svcacct-|admin-|None-)[A-Za-z0-9_-]{32,300}', RD),
    entropy: 3.5,
    allow: DOC_RUNS,
    examples: {
      match: ['OPENAI_API_KEY=sk-4rvXY4pIInijXVPaGumefcJE9oA7CtpccmexfpKZ9KZAMdRq', '{\\"openai_api_key\\": \\"sk-hJMY_YpbUvZldAW6n53anRd6cKvwF4SyV6vlYfKiyW3RXWFCBeitgXU-coA2AzzB\\"}'],
      noMatch: ['OPENAI_API_KEY=sk-...', 'OPENAI_API_KEY=sk-9HzjLuazne', 'OPENAI_API_KEY=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'],
    },
  },
  vendorToken('anthropic-api-key', 'Anthropic API key (sk-ant-api03- + 93 + AA)', {
    keywords: ['sk-ant-api'], body: String.raw`sk-ant-api\d\d-[A-Za-z0-9_-]{80,120}AA${RD}`, entropy: 4,
    match: ['ANTHROPIC_API_KEY=sk-ant-api03-txJtnx_jttDYhBrxzJeNb5yhv4feTr-2Yf2Kke3SD9rAoURHm60DYuJ5rKvYlRgZaAH9oHEr-f9p8vu7XxfrRh5IfelJIAA', 'curl https://api.anthropic.com/v1/messages -H "x-api-key: sk-ant-api03-ls9UYTKhDBNKSvwY14UcuHCquGIdcXasQXluxMpfZvAGZG42v0IKJPqZNzfNmmoDtodMSyvRNmgKpaHQjA6HCeE4hgQzPAA"'],
    noMatch: ['sk-ant-api03-JEl0h9uPqLgBuCYn44ltAA', 'ANTHROPIC_API_KEY=sk-ant-api03-...'],
  }),
  vendorToken('anthropic-admin-key', 'Anthropic Admin API key (sk-ant-admin01- + 93 + AA)', {
    keywords: ['sk-ant-admin'], body: String.raw`sk-ant-admin\d\d-[A-Za-z0-9_-]{80,120}AA${RD}`, entropy: 4,
    match: ['ANTHROPIC_ADMIN_KEY=sk-ant-admin01-jSJdn19wVoyQu_uVpI8Xe2jfJikAh3-VYp7eh-jyrudY7UDMcuy8B-QQqTDkPg4_upbf7wJm7l_zKEw3yptjfMGgqzVu6AA', '{\\"x-api-key\\": \\"sk-ant-admin01-b9ar7w1n1Kl3sLI1Ygb9KZfaU6TdUz_IcOCIzJ83tn9fEOjfQraufq-8Lt3cVYPYR6kvPqSa4b9F3is1BdCnjZkLS7uVQAA\\"}'],
    noMatch: ['sk-ant-admin01-OiwYzmnE2BdcRQbrDvM8xLE37RnXDU', 'sk-ant-admin01-'],
  }),
  vendorToken('anthropic-oauth-token', 'Anthropic OAuth access or refresh token (sk-ant-oat01-/sk-ant-ort01-), e.g. Claude Code credentials', {
    keywords: ['sk-ant-oat', 'sk-ant-ort'], body: String.raw`sk-ant-o[ar]t\d\d-[A-Za-z0-9_-]{40,250}${RD}`, entropy: 4,
    match: ['{\\"claudeAiOauth\\":{\\"accessToken\\":\\"sk-ant-oat01-5txhUQEPtBvRQIyuqOFd_AyKv-m_mb3fM0b2-ZT4uqvUgqWeyHPfH1lTUIcbx4qban0tFpEzoPaB_Dd0ZfWWny6p7BHfvAA\\",\\"refreshToken\\":\\"sk-ant-ort01-hYCFBqvKhPFSOqlUXrPqNLbWLAHj3Omk-iuvjv6ycyx_wQDl10er7DvUMy3YUsRqf1EWiIx7eyfgmaaN2zu_ZcjLCme-BAA\\"}}', 'CLAUDE_CODE_OAUTH_TOKEN=sk-ant-oat01-BhN9kd8AFwOpTSjm67I70s5m4deaXV6ZJsQKzTCuFElby38gDrtEcmQbPMr5Hw0VznylWdgBZ_25qb4y9GpvRpGqI0icVAA'],
    noMatch: ['sk-ant-oat01-0URD4Teisf7Q6lnCpz8C', 'sk-ant-oat01- prefix'],
  }),
  vendorToken('groq-api-key', 'Groq API key (gsk_ + 52)', {
    keywords: ['gsk_'], body: String.raw`gsk_[A-Za-z0-9]{52}${R}`, entropy: 3.5,
    match: ['GROQ_API_KEY=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', 'client = Groq(api_key="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")'],
    noMatch: ['gsk_h7h4LrrU7wDfkLucdivL', 'gsk_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  }),
  vendorToken('huggingface-token', 'Hugging Face user or organization token (hf_ / api_org_ + 34)', {
    keywords: ['hf_', 'api_org_'], body: String.raw`(?:hf|api_org)_[A-Za-z0-9]{34}${R}`, entropy: 3.5,
    match: ['HF_TOKEN=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', 'huggingface-cli login --token hf_AaYwLI6hb7Jtuu8LzdcIrXpX3zNpnQPdGS'],
    noMatch: ['from huggingface_hub import hf_hub_download', 'hf_JUIXTIsnDpMXRhQgoWfF', 'hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
  }),
  vendorToken('replicate-api-token', 'Replicate API token (r8_ + 37)', {
    keywords: ['r8_'], body: String.raw`r8_[A-Za-z0-9]{37}${R}`, entropy: 3.5,
    match: ['REPLICATE_API_TOKEN=r8_4sFkO1cMbl3Qt4T4mLhgWMuhiDE0OKVQHJiYv', 'curl -H "Authorization: Bearer r8_hFKp7YGHmKvGeMnX0EnM21OL7EKBrlhhrZ5xz" https://api.replicate.com/v1/account'],
    noMatch: ['r8_yVkU0u94pqWguw9wWGEy', 'r8_register_map'],
  }),
  vendorToken('perplexity-api-key', 'Perplexity API key (pplx- + 48)', {
    keywords: ['pplx-'], body: String.raw`pplx-[A-Za-z0-9]{48}${RD}`, entropy: 3.5,
    match: ['PERPLEXITY_API_KEY=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', '{\\"Authorization\\": \\"Bearer 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\\"}'],
    noMatch: ['pplx-j3MjUEF3RLEIEAEkvT6u', 'pplx-api docs'],
  }),
  vendorToken('xai-api-key', 'xAI (Grok) API key (xai- + 80)', {
    keywords: ['xai-'], body: String.raw`xai-[A-Za-z0-9_]{80}${RD}`, entropy: 3.5,
    match: ['XAI_API_KEY=xai-yCWjdtuT6duz4IAi1FjyWtSHMKKLmmKLIGuVpO1lr3Mbnh50zow8MY1gia9KoAImo5FdT5UAFaEh02oH', 'curl https://api.x.ai/v1/models -H "Authorization: Bearer xai-ZuyIrdMRRFnNpxuSn6F0VnF5xrhtqSwpWd9jMf0u9e5a7bnj2vTAlAaSUfUtvfmD05TB6gkAkCeBXs9t"'],
    noMatch: ['xai-GkIJZQVPJFfOEJuZyQcMKWeqDY3Sd1', 'model: xai-grok-beta'],
  }),
  vendorToken('openrouter-api-key', 'OpenRouter API key (sk-or-v1- + 64 hex)', {
    keywords: ['sk-or-v1-'], body: String.raw`sk-or-v1-[a-f0-9]{64}${R}`, entropy: 3,
    match: ['OPENROUTER_API_KEY=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', '{\\"apiKey\\":\\"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\\"}'],
    noMatch: ['sk-or-v1-ac0fd9c1c22af8c79dff329e89647a5e', 'sk-or-v1-'],
  }),
  vendorToken('langsmith-api-key', 'LangSmith personal token or service key (lsv2_pt_/lsv2_sk_)', {
    keywords: ['lsv2_'], body: String.raw`lsv2_(?:pt|sk)_[a-f0-9]{32}_[a-f0-9]{10}${R}`, entropy: 3,
    match: ['LANGSMITH_API_KEY=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', 'LANGCHAIN_API_KEY="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"'],
    noMatch: ['lsv2_pt_53d011a2c9dcc70ce39b94a8d5e459e2', 'lsv2_pt_...'],
  }),
  vendorToken('langfuse-secret-key', 'Langfuse secret key (sk-lf- + UUID)', {
    keywords: ['sk-lf-'], body: String.raw`sk-lf-${UUID}${RD}`, allow: DOC,
    match: ['LANGFUSE_SECRET_KEY=sk-lf-e8d3dcd0-43ab-4286-a91e-f901af9c3507', 'Langfuse(secret_key="sk-lf-030ef3ac-45c9-4fba-89d6-1ff3e2632114")'],
    noMatch: ['LANGFUSE_PUBLIC_KEY=pk-lf-c030fbf1-1c1a-4d11-afe7-c46273d71492', 'sk-lf-48ce2f4a'],
  }),
  vendorToken('elevenlabs-api-key', 'ElevenLabs API key (sk_ + 48 hex)', {
    keywords: ['sk_'], body: String.raw`sk_[a-f0-9]{48}${R}`, entropy: 3,
    match: ['ELEVENLABS_API_KEY=sk_2cfbb326c99af1bc0fd4590a7fbf46989552cc2e74fe67e0', 'curl -H "xi-api-key: sk_c9ba4026a0851271c4a8df7224314c40e092c9c7b3e64eea" https://api.elevenlabs.io/v1/user'],
    noMatch: ['task_26726beb06946c80fbb0bc5a584c48d6f67fe14b590eedab', 'sk_40472056ab15839f9f46fa322a467038', 'sk_live_SQSZp83QTW2JA8rpOf0e0a4C'],
  }),
  vendorToken('nvidia-api-key', 'NVIDIA API / NGC key (nvapi- + 64)', {
    keywords: ['nvapi-'], body: String.raw`nvapi-[A-Za-z0-9_-]{64}${RD}`, entropy: 3.5,
    match: ['NVIDIA_API_KEY=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', 'client = OpenAI(base_url="https://integrate.api.nvidia.com/v1", api_key="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")'],
    noMatch: ['nvapi-3IgMy5fMc6jPcMPf0NRZ', 'nvapi-docs'],
  }),
  {
    id: 'cohere-api-key',
    type: 'secret',
    description: 'Cohere API key (40 characters) after a Cohere key name',
    keywords: ['cohere', 'co_api_key'],
    keywordStarts: true,
    pattern: named(String.raw`cohere[\w .-]{0,20}?(?:key|token)|co_api_key`, '[A-Za-z0-9]{40}', R),
    entropy: 4,
    allow: DOC_RUNS,
    examples: {
      match: ['COHERE_API_KEY=3QsBIJPZemo32qqIJv4Y9gRPKQ8b14UIMYGpU0nA', 'CO_API_KEY="XQM0I998zGnNQcO6ySgy1RMomRMuKKelYaorgtst"'],
      noMatch: ['COHERE_API_KEY=1etFG4etNuwfe5e2lfQg', 'cohere model command-r-plus-08-2024-abcdefghijk'],
    },
  },
  {
    id: 'deepgram-api-key',
    type: 'secret',
    description: 'Deepgram API key (40 hex) after a Deepgram key name',
    keywords: ['deepgram'],
    pattern: named(String.raw`deepgram[\w .-]{0,20}?(?:key|token|secret)`, '[a-f0-9]{40}', R),
    entropy: 3,
    allow: DOC_RUNS,
    examples: {
      match: ['DEEPGRAM_API_KEY=24d0975ecc6b5fa758cc8db05105d49e4656ed80', 'curl -H "Authorization: Token c518f48f1d112a769449fad1be76d3e4ba868813" # deepgram key: cc24a4dd047d91c420ee640e1fbb62017bb27c0c'],
      noMatch: ['DEEPGRAM_PROJECT_ID=0ce31cfd1ceb2d9320c31ad4805116b0a8eb303a', 'deepgram api key=${DEEPGRAM_API_KEY}'],
    },
  },
  {
    id: 'deepseek-api-key',
    type: 'secret',
    description: 'DeepSeek API key (sk- + 32 hex) after a DeepSeek key name',
    keywords: ['deepseek'],
    pattern: named(String.raw`deepseek[\w .-]{0,20}?(?:key|token)`, 'sk-[a-f0-9]{32}', R),
    entropy: 3,
    allow: DOC_RUNS,
    examples: {
      match: ['DEEPSEEK_API_KEY=sk-9955d6fe7c0abc055a55bb7512cc0ea1', '{\\"deepseek_api_key\\": \\"sk-e1c6f042a5edaeb1f58b0490fa789480\\"}'],
      noMatch: ['DEEPSEEK_API_KEY=sk-65f6329a6104720e', 'deepseek model=deepseek-chat'],
    },
  },
];
