// The server's judge (issue 34): CR-Bench's CR-Evaluator run on an OpenAI-compatible endpoint.
export { judgeConfig, verdictScope, type JudgeConfig } from "./config";
export { judgeCommentsUpkeep, judgeFinishUpkeep } from "./jobs";
export {
  agreementView,
  correctedRates,
  judgeLabels,
  judgeLabelsUpkeep,
  queueMissingAgreements,
  type AgreementView,
  type StoredAgreement,
} from "./labels";
export { assertJudgeBudget, decideUploadJudging, startJudging, type JudgePlan, type UploadJudging } from "./plan";
export { scoredPredictions, serverVerdictsFor } from "./rescore";
export { judgeView, type JudgeView } from "./view";
