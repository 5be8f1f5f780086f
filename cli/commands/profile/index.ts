import { defineGroup, lazy } from '../../command.ts'

export default defineGroup('Your account: name, e-mail, password, deleting it', {
  get: lazy(() => import('./get.ts')),
  update: lazy(() => import('./update.ts')),
  password: lazy(() => import('./password.ts')),
  delete: lazy(() => import('./delete.ts')),
})
