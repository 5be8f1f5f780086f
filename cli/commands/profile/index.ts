import { defineGroup, lazy } from '../../command.ts'

export default defineGroup('Your account: name, e-mail, password', {
  get: lazy(() => import('./get.ts')),
  update: lazy(() => import('./update.ts')),
  password: lazy(() => import('./password.ts')),
})
