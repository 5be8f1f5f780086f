/**
 * @module `skills.get`: the skill documents as Markdown (public: they only describe the
 * platform's rules); an unknown module is a 404 listing the valid ones.
 */
import { Elysia } from 'elysia'
import { pathOf } from '../contract/api/routes.ts'
import { AppError } from '../contract/errors.ts'
import { isSkillModule, SKILL_MODULES, skillDocument } from '../contract/skills/index.ts'

export const skillRoutes = () =>
  new Elysia({ name: 'svc/skills' }).get(pathOf('skills.get'), ({ params, set }) => {
    if (!isSkillModule(params.module)) {
      throw new AppError('not_found', `No skill "${params.module}"; the modules are ${SKILL_MODULES.join(', ')}`, {
        modules: SKILL_MODULES,
      })
    }
    set.headers['content-type'] = 'text/markdown; charset=utf-8'
    return skillDocument(params.module)
  })
