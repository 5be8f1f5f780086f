import { defineSvcCommand } from '../../command.ts'
import { idsResult } from '../../listing.ts'
import { result } from '../../output.ts'
import { appArg, quietArg } from '../_shared.ts'
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
import { createFieldSchema } from '../../../server/contract/fields/schemas.ts'

export default defineSvcCommand({
  description: 'Add a field to an app (at most 50 per app)',
  example: 'svc-cli field add --app 0193… --name plan --type choice --options "free,pro" --required',
  effect: 'write',
  flagFor: { max: '--max-rating', ...formFlagFor },
  args: {
    ...appArg,
    name: {
      type: 'string',
      description: 'Field name (the key in submitted records)',
      required: true,
      valueHint: 'name',
    },
    ...typeArg,
    label: { type: 'string', description: 'Label shown on the fill-in page', valueHint: 'text' },
    required: { type: 'boolean', description: 'Submissions must include it' },
    options: {
      type: 'string',
      description: "Choices for choice/multichoice/likert (a likert field's points, in order): a,b,c or a JSON array",
      valueHint: 'list',
    },
    ...fileArgs,
    ...ratingArgs,
    ...formArgs,
    ...showIfArgs,
    ...translationArgs,
    ...quietArg,
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
      ...formBodyOf(args, false),
      ...showIfOf(args),
      ...translationsOf(args, env.argv),
    }
    const field = await env
      .client()
      .call('fields.add', { params: { id: args.app }, body: checkInput(createFieldSchema, body) })
    if (args.quiet) return idsResult([field.id])
    return result(field, fieldDetails(field))
  },
})
