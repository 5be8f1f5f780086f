import { defineGroup, lazy } from '../../command.ts'

export default defineGroup('Log in, sign up, and manage access tokens', {
  login: lazy(() => import('./login.ts')),
  code: lazy(() => import('./code.ts')),
  'reset-password': lazy(() => import('./reset-password.ts')),
  signup: lazy(() => import('./signup.ts')),
  status: lazy(() => import('./status.ts')),
  logout: lazy(() => import('./logout.ts')),
  token: lazy(() => import('./token/index.ts')),
})
