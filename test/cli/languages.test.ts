/**
 * `svc-cli field add/update --translation` and `share set --language/--translation` against a
 * real server: translations are stored key by key, a translation whose options do not fit is
 * the server's 422 naming the field and the language, and a malformed flag is a usage error
 * before any request.
 */
import { describe, expect, test } from 'bun:test'
import { cliAccount, expectOk } from '../support/server.ts'

const { cli } = await cliAccount()
const ok = expectOk

describe('svc-cli and the languages of a form', () => {
  test('field translations by flag, merged key by key; options that do not fit are refused', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Multilingual', '--json')).json().id as string
    const added = ok(
      await cli(
        'field',
        'add',
        '--app',
        app,
        '--name',
        'color',
        '--type',
        'choice',
        '--options',
        'Red,Blue',
        '--translation',
        'fr.label=Votre couleur',
        '--translation',
        'fr.options=Rouge,Bleu',
        '--json',
      ),
    ).json()
    expect(added.translations).toEqual({ fr: { label: 'Votre couleur', options: ['Rouge', 'Bleu'] } })
    const updated = ok(
      await cli('field', 'update', '--app', app, '--field', 'color', '--translation', 'fr.help=Une seule', '--json'),
    ).json()
    expect(updated.translations).toEqual({
      fr: { label: 'Votre couleur', options: ['Rouge', 'Bleu'], help: 'Une seule' },
    })
    const whole = ok(
      await cli(
        'field',
        'update',
        '--app',
        app,
        '--field',
        'color',
        '--translations',
        '{"fr":null,"de":{"label":"Farbe"}}',
        '--json',
      ),
    ).json()
    expect(whole.translations).toEqual({ de: { label: 'Farbe' } })
    const refused = await cli('field', 'update', '--app', app, '--field', 'color', '--translation', 'de.options=Rot')
    expect([refused.code, refused.stderr]).toEqual([
      1,
      'error: --translations: de.options: field "color", language "de": must list 2 options, one per option of the field in its order (it lists 1)\n',
    ])
    const bad = await cli('field', 'update', '--app', app, '--field', 'color', '--translation', 'fr:label=x')
    expect([bad.code, bad.stderr.split('\n')[0]]).toEqual([
      2,
      'error: --translation must be lang.key=text with key one of label, help, placeholder, options, e.g. fr.label="Votre nom"; got "fr:label=x"',
    ])
  })

  test('share set --language and --translation store the form languages; share status shows them', async () => {
    const app = ok(await cli('app', 'create', '--name', 'Merci', '--json')).json().id as string
    const set = ok(
      await cli(
        'share',
        'set',
        '--app',
        app,
        '--language',
        'en',
        '--translation',
        'fr.thankYouMessage=Merci !',
        '--translation',
        'de.offered=',
        '--json',
      ),
    ).json()
    expect([set.language, set.translations]).toEqual(['en', { fr: { thankYouMessage: 'Merci !' }, de: {} }])
    expect(ok(await cli('share', 'status', '--app', app)).stdout).toContain('other languages')
  })
})
