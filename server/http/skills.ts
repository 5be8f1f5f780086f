/**
 * @module GET /api/v3/skills/:module — the skill documents as Markdown (public: they only
 * describe the platform's rules).
 *
 * | GET | /api/v3/skills/:module | text/markdown; unknown module → 404 listing the valid ones |
 */
import { Elysia } from 'elysia'
import { AppError } from '../contract/errors.ts'
import { isSkillModule, SKILL_MODULES, skillDocument } from '../contract/skills/index.ts'

export const skillRoutes = () =>
  new Elysia({ name: 'svc/skills', prefix: '/api/v3/skills' }).get(
    '/:module',
    ({ params, set }) => {
      if (!isSkillModule(params.module)) {
        throw new AppError(404, 'not_found', `No skill "${params.module}"; the modules are ${SKILL_MODULES.join(', ')}`, { modules: SKILL_MODULES })
      }
      set.headers['content-type'] = 'text/markdown; charset=utf-8'
      return skillDocument(params.module)
    },
    { detail: { summary: 'Skill document of a module (Markdown)', tags: ['system'] } },
  )
