import { defineSvcCommand } from '../../command.ts'
import { usageError } from '../../errors.ts'
import { result } from '../../output.ts'
import { appArg, fieldArg } from '../_shared.ts'
import {
  fieldDetails,
  fieldTypeOf,
  fileArgs,
  fileOptionsOf,
  parseOptions,
  ratingArgs,
  ratingOptionsOf,
  typeArg,
} from './_view.ts'
import { formArgs, formBodyOf, formFlagFor } from './_form.ts'
import { checkInput } from '../../validate.ts'
import { showIfArgs, showIfOf } from './_show-if.ts'
import { translationArgs, translationsOf } from './_translations.ts'
import { updateFieldSchema } from '../../../server/contract/fields/schemas.ts'

export default defineSvcCommand({
  description:
    "Change a field's name, type, label, required flag, options, help, placeholder, rules, hidden, prefill or translations",
  example:
    'svc-cli field update --app 0193… --field email --label "Your e-mail" --required     # a new --type on a published app with records needs --force',
  effect: 'write',
  flagFor: { max: '--max-rating', ...formFlagFor },
  args: {
    ...appArg,
    ...fieldArg,
    name: { type: 'string', description: 'New name (stored records keep the old key)', valueHint: 'name' },
    ...typeArg,
    label: { type: 'string', description: 'New label', valueHint: 'text' },
    required: { type: 'boolean', description: 'Make it required (--no-required: optional)' },
    options: { type: 'string', description: 'Replace the choices: a,b,c or a JSON array', valueHint: 'list' },
    ...fileArgs,
    ...ratingArgs,
    ...formArgs,
    ...showIfArgs,
    ...translationArgs,
    force: {
      type: 'boolean',
      description:
        'Change --type even when the app is published and its records hold values in the field (they are not converted)',
    },
  },
  async run(args, env) {
    const body = {
      name: args.name,
      type: fieldTypeOf(args.type),
      label: args.label,
      required: args.required,
      options: parseOptions(args.options),
      ...fileOptionsOf(args),
      ...ratingOptionsOf(args),
      ...formBodyOf(args, true),
      ...showIfOf(args),
      ...translationsOf(args, env.argv),
    }
    if (Object.values(body).every((v) => v === undefined))
      throw usageError(
        'Nothing to change: pass --name, --type, --label, --required/--no-required, --options, --max-files, --max-size, --accept, --max-rating, --help-text, --placeholder, a rule (--min-length, --pattern, --min, --earliest, --min-picks…), --hidden, --prefill, --show-if or --translation',
      )
    const force = args.force ? { force: true } : {}
    const field = await env.client().call('fields.update', {
      params: { id: args.app, field: args.field },
      body: checkInput(updateFieldSchema, { ...body, ...force }),
    })
    return result(field, fieldDetails(field))
  },
})
