/**
 * Endpoint presets for the options page: base URL templates and known quirks of
 * OpenAI-compatible gateways (TOOLCHAIN.md "LLM endpoints from extension pages").
 * deskhand never sends `tool_choice`, so gateways that reject it work unchanged.
 */
export interface Preset {
  id: string;
  label: string;
  baseURL: string;
  model: string;
  quirks: { zh: string; en: string };
}

export const PRESETS: readonly Preset[] = [
  { id: 'openai', label: 'OpenAI', baseURL: 'https://api.openai.com/v1', model: 'gpt-4o-mini', quirks: { zh: '无特殊要求。', en: 'No quirks.' } },
  {
    id: 'azure',
    label: 'Azure OpenAI',
    baseURL: 'https://{resource}.openai.azure.com/openai/v1',
    model: '{deployment}',
    quirks: { zh: '使用 v1 基础地址，模型填部署名；密钥通过 api-key 请求头发送。', en: 'Use the v1 base URL and your deployment name as the model; the key is sent in the api-key header.' },
  },
  {
    id: 'deepseek',
    label: 'DeepSeek',
    baseURL: 'https://api.deepseek.com/v1',
    model: 'deepseek-chat',
    quirks: { zh: '思考模式（deepseek-reasoner）不支持指定 tool_choice，且要求回传 reasoning_content；建议用 deepseek-chat。', en: 'Thinking mode (deepseek-reasoner) rejects tool_choice and wants reasoning_content sent back; prefer deepseek-chat.' },
  },
  {
    id: 'dashscope',
    label: 'Qwen / DashScope (compatible mode)',
    baseURL: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    model: 'qwen-plus',
    quirks: { zh: '兼容模式不支持 tool_choice 为 required 或指定函数。', en: 'Compatible mode rejects tool_choice "required" or a named function.' },
  },
  {
    id: 'moonshot',
    label: 'Moonshot (Kimi)',
    baseURL: 'https://api.moonshot.cn/v1',
    model: 'moonshot-v1-8k',
    quirks: { zh: '函数名必须以字母开头（deskhand 的线上名已满足）；思考模式要求回传 reasoning_content。', en: 'Function names must start with a letter (deskhand wire names do); thinking mode wants reasoning_content sent back.' },
  },
  {
    id: 'ollama',
    label: 'Ollama',
    baseURL: 'http://localhost:11434/v1',
    model: 'qwen2.5:7b',
    quirks: { zh: '需设置环境变量 OLLAMA_ORIGINS=chrome-extension://*，否则扩展请求会被 403 拒绝。', en: 'Set OLLAMA_ORIGINS=chrome-extension://* or Ollama answers extensions with 403.' },
  },
  {
    id: 'vllm',
    label: 'vLLM',
    baseURL: 'http://localhost:8000/v1',
    model: '{served-model-name}',
    quirks: { zh: '启动时需加 --enable-auto-tool-choice --tool-call-parser <解析器>。', en: 'Start it with --enable-auto-tool-choice --tool-call-parser <parser>.' },
  },
];
