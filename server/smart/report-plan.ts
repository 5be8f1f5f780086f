/**
 * @module The reading parts of a built-in plan: the report pages a respondent sees and the
 * expert's commentary for every level, in the plan's language.
 */
import type { ChosenDimension } from './dimensions.ts'
import { advice, bandOf } from './catalog/library/levels.ts'
import type { Plan, PlanLanguage, PlanScale, PlanSection } from '../contract/smart/plan.ts'

/** Two report pages: results (intro, chart, a score per dimension) and what they mean (expert, closing), closing as fits the purpose. */
export function reportFor(
  scales: PlanScale[],
  language: PlanLanguage,
  intro: string,
  purpose: 'quiz' | 'feedback' | 'reflection',
): Plan['report'] {
  const zh = language === 'zh'
  const results: PlanSection[] = [{ type: 'intro', title: zh ? '你的结果' : 'Your results', text: intro }]
  if (scales.length > 1) results.push({ type: 'chart' })
  for (const scale of scales) results.push({ type: 'score', scale: scale.key })
  const closing =
    purpose === 'feedback'
      ? zh
        ? '感谢你的反馈。我们会认真阅读每一份回答，并据此决定优先改进的地方。'
        : 'Thank you for your feedback. We read every answer and use it to decide what to improve first.'
      : purpose === 'quiz'
        ? zh
          ? '感谢你完成测验！复习答错的题目，是巩固知识最快的方法。'
          : 'Thank you for taking the quiz! Going over the questions you missed is the quickest way to close the gaps.'
        : zh
          ? '本测评用于自我反思，不能替代专业诊断或建议。如果结果让你担心，请与你信任的人或专业人士谈谈。'
          : 'This assessment is a tool for reflection, not a diagnosis or professional advice. If your results worry you, talk to someone you trust or to a professional.'
  return {
    pages: [
      { title: zh ? '结果概览' : 'Results', sections: results },
      {
        title: zh ? '结果解读与建议' : 'What your results mean',
        sections: [{ type: 'expert' }, { type: 'closing', title: zh ? '写在最后' : 'A final word', text: closing }],
      },
    ],
  }
}

/** A neutral author profile and the advice for every level of every dimension. */
export function expertFor(scales: PlanScale[], dimensions: ChosenDimension[], language: PlanLanguage): Plan['expert'] {
  const zh = language === 'zh'
  return {
    profile: {
      name: zh ? '测评团队' : 'The assessment team',
      title: zh ? '测评作者' : 'Assessment author',
      bio: zh
        ? '本测评由作者根据常用测评方法编写。'
        : 'The authors of this assessment, drawing on widely used assessment practice.',
      avatarUrl: null,
    },
    commentary: scales.flatMap((scale, index) =>
      (scale.levels ?? []).map((level, levelIndex, levels) => ({
        scale: scale.key,
        level: level.key,
        text: advice(
          dimensions[index].polarity,
          bandOf(levelIndex, levels.length),
          language,
          zh ? scale.name : scale.name.toLowerCase(),
        ),
      })),
    ),
  }
}
