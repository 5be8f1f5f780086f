import { LitElement, html, nothing } from 'lit'
import { customElement, state } from 'lit/decorators.js'
import { assessmentApi, problemsOf, type Job, type StoredPlan } from '../../assessment-api.ts'
import { navigate } from '../../router.ts'
import { baseStyles } from '../../styles/base.styles.ts'
import '../svc-plan-review/svc-plan-review.ts'
import { generateStyles } from './svc-generate.styles.ts'

/** How often a running planning job is asked for progress. */
const POLL_MS = 400

type Phase = 'idle' | 'planning' | 'review' | 'creating'

/**
 * @summary "Generate from a description": an instruction becomes a plan for a plain form or
 * a scored assessment (a server job, polled for stage and percent, cancellable), shown for
 * review; "Create app" executes the plan and opens the new app.
 */
@customElement('svc-generate')
export class SvcGenerate extends LitElement {
  static override styles = [baseStyles, generateStyles]

  @state() private phase: Phase = 'idle'
  @state() private job: Job | null = null
  @state() private plan: StoredPlan | null = null
  @state() private error = ''
  @state() private notice = ''
  private instruction = ''
  private timer: ReturnType<typeof setTimeout> | undefined

  override disconnectedCallback() {
    super.disconnectedCallback()
    clearTimeout(this.timer)
  }

  private fail(error: unknown) {
    const problems = problemsOf(error)
    this.error = problems.length ? problems.map((p) => p.message).join('; ') : (error as Error).message
  }

  private async start(event: SubmitEvent) {
    event.preventDefault()
    this.error = ''
    this.notice = ''
    this.plan = null
    try {
      const started = await assessmentApi.startPlanning(this.instruction)
      this.phase = 'planning'
      await this.poll(started.jobId)
    } catch (error) {
      this.phase = 'idle'
      this.fail(error)
    }
  }

  /** Reads the job; schedules the next read while it runs, loads the plan when it is done. */
  private async poll(jobId: string) {
    try {
      const job = await assessmentApi.job(jobId)
      this.job = job
      if (job.status === 'queued' || job.status === 'running') {
        this.timer = setTimeout(() => void this.poll(jobId), POLL_MS)
        return
      }
      if (job.status === 'succeeded' && job.planId) {
        this.plan = await assessmentApi.plan(job.planId)
        this.phase = 'review'
        return
      }
      this.phase = 'idle'
      if (job.status === 'failed') this.error = job.error?.message ?? 'Planning failed.'
      if (job.status === 'cancelled') this.notice = 'Generation cancelled.'
    } catch (error) {
      this.phase = 'idle'
      this.fail(error)
    }
  }

  private async cancel() {
    clearTimeout(this.timer)
    const job = this.job
    this.phase = 'idle'
    this.notice = 'Generation cancelled.'
    if (!job) return
    try {
      await assessmentApi.cancelJob(job.id)
    } catch (error) {
      // 409: it finished in the meantime; the plan is simply not shown.
      if ((error as { status?: number }).status !== 409) this.fail(error)
    }
  }

  private async create() {
    if (!this.plan) return
    this.phase = 'creating'
    this.error = ''
    try {
      const result = await assessmentApi.executePlan(this.plan.id)
      navigate({ name: 'app', appId: result.appId, tab: 'setup' })
    } catch (error) {
      this.phase = 'review'
      this.fail(error)
    }
  }

  private renderProgress(job: Job | null) {
    const percent = job?.progress.percent ?? 0
    return html`<div class="progress" role="status" aria-live="polite" data-job=${job?.id ?? ''}>
      <progress max="100" .value=${percent} aria-label="Planning progress"></progress>
      <span class="stage">${job?.progress.stage ?? 'starting'} · ${percent}%</span>
      ${job?.progress.messages.length ? html`<ul class="messages">${job.progress.messages.slice(-3).map((m) => html`<li>${m}</li>`)}</ul>` : nothing}
    </div>`
  }

  override render() {
    const busy = this.phase === 'planning' || this.phase === 'creating'
    return html`<section class="panel" aria-labelledby="generate-title">
      <header>
        <h2 id="generate-title">Generate from a description</h2>
        <span class="muted small">A plain form or a scored assessment, with its style, in one go</span>
      </header>
      <div class="body stack">
        <form @submit=${this.start}>
          <label
            >Describe the form or assessment you want
            <textarea
              name="instruction"
              dir="auto"
              required
              aria-describedby="generate-hint"
              ?disabled=${busy}
              placeholder="A contact form with name, email and message"
              @input=${(e: Event) => (this.instruction = (e.target as HTMLTextAreaElement).value)}
            ></textarea>
          </label>
          <p id="generate-hint" class="hint">
            A form that collects answers gets the fields you name, typed to fit (e.g. “an RSVP form: name, email,
            attending yes/no, number of guests”). Ask to measure something for a scored assessment with questions,
            scales, levels, a report and expert advice (e.g. “a 12-question burnout check for nurses, 5-point scale,
            calm blue”).
          </p>
          <div class="actions">
            <button class="primary" type="submit" ?disabled=${busy}>${this.plan ? 'Generate again' : 'Generate plan'}</button>
            ${this.phase === 'planning' ? html`<button type="button" @click=${this.cancel}>Cancel</button>` : nothing}
            ${this.notice ? html`<span class="muted small" role="status">${this.notice}</span>` : nothing}
          </div>
        </form>
        ${this.phase === 'planning' ? this.renderProgress(this.job) : nothing}
        ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
        ${
          this.plan && (this.phase === 'review' || this.phase === 'creating')
            ? html`<svc-plan-review .plan=${this.plan.plan}></svc-plan-review>
              <div class="actions">
                <button class="primary" ?disabled=${this.phase === 'creating'} @click=${this.create}>${this.phase === 'creating' ? 'Creating…' : 'Create app'}</button>
                <button ?disabled=${this.phase === 'creating'} @click=${() => {
                  this.plan = null
                  this.phase = 'idle'
                }}>Discard plan</button>
              </div>`
            : nothing
        }
      </div>
    </section>`
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'svc-generate': SvcGenerate
  }
}
