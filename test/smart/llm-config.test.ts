/**
 * The LLM planner's settings in config.ts: both URL and model or neither, a timeout in
 * seconds, and one-line errors naming the variable.
 */
import { expect, test } from 'bun:test'
import { ConfigError, loadConfig } from '../../server/config.ts'

const pick = (env: Record<string, string>) => {
  const { llmUrl, llmModel, llmApiKey, llmTimeoutMs } = loadConfig(env)
  return { llmUrl, llmModel, llmApiKey, llmTimeoutMs }
}

test('without SVC_LLM_URL only the built-in planner is configured', () => {
  expect(pick({})).toEqual({ llmUrl: null, llmModel: null, llmApiKey: null, llmTimeoutMs: 120_000 })
})

test('URL, model, key and timeout are read', () => {
  expect(
    pick({
      SVC_LLM_URL: ' http://127.0.0.1:11434/v1 ',
      SVC_LLM_MODEL: 'qwen2.5:7b',
      SVC_LLM_API_KEY: 'sk-1',
      SVC_LLM_TIMEOUT: '30',
    }),
  ).toEqual({
    llmUrl: 'http://127.0.0.1:11434/v1',
    llmModel: 'qwen2.5:7b',
    llmApiKey: 'sk-1',
    llmTimeoutMs: 30_000,
  })
})

test.each([
  [{ SVC_LLM_URL: 'http://127.0.0.1:11434/v1' }, 'SVC_LLM_MODEL must name the model to use when SVC_LLM_URL is set'],
  [{ SVC_LLM_URL: 'ftp://x', SVC_LLM_MODEL: 'm' }, 'SVC_LLM_URL must start with http:// or https://, got "ftp://x"'],
  [{ SVC_LLM_TIMEOUT: '0' }, 'SVC_LLM_TIMEOUT must be between 1 and 3600, got 0'],
  [{ SVC_LLM_TIMEOUT: 'soon' }, 'SVC_LLM_TIMEOUT must be a whole number, got "soon"'],
])('%p is refused', (env, message) => {
  expect(() => loadConfig(env)).toThrow(new ConfigError(message))
})
