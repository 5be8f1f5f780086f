import { defineSvcCommand, intArg } from '../../../command.ts'
import { result } from '../../../output.ts'
import { ASSESSMENT } from '../../../../server/contract/limits.ts'
import { appArg } from '../../_shared.ts'
import { pageArg, pageView } from '../_view.ts'
import { checkInput } from '../../../validate.ts'
import { addSectionSchema, SECTION_TYPES } from '../../../../server/contract/reports/schemas.ts'

export default defineSvcCommand({
  description: 'Add a section to a report page (intro/closing text, a scale score, the chart, expert commentary)',
  example:
    'svc-cli report section add --app 0193… --page 1 --type score --scale mood --text "You scored {{score.mood}}."',
  effect: 'write',
  args: {
    ...appArg,
    ...pageArg,
    type: {
      type: 'enum',
      options: [...SECTION_TYPES],
      description: `Section type: ${SECTION_TYPES.join(', ')}`,
      required: true,
      valueHint: 'type',
    },
    title: { type: 'string', description: 'Section heading', valueHint: 'text' },
    text: {
      type: 'string',
      description: 'Text; blank lines split paragraphs; placeholders {{<field>}}, {{score.<scale>}}, {{level.<scale>}}',
      valueHint: 'text',
    },
    scale: {
      type: 'string',
      description: 'score: the scale (required); expert: one scale (default: every scale)',
      valueHint: 'scale',
    },
    position: {
      type: 'string',
      description: "1-based place among the page's sections (default: last)",
      valueHint: 'n',
    },
  },
  async run(args, env) {
    const body = {
      type: args.type,
      title: args.title,
      text: args.text,
      scale: args.scale,
      position: intArg(args.position, 'position', 1, ASSESSMENT.maxSectionsPerPage),
    }
    const page = await env.client().call('reports.addSection', {
      params: { id: args.app, page: args.page },
      body: checkInput(addSectionSchema, body),
    })
    return result(page, pageView(page))
  },
})
