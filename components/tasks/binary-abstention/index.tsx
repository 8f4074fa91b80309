import { binaryAbstention } from "@/lib/tasks/binary-abstention";
import { defineKindUi } from "../define";
import { BounceSubmissionCharts, BounceTaskCharts } from "./charts";
import { BounceInstanceView, BouncePredictionView } from "./instance-view";
import { BounceScoreDetails } from "./score-details";

/** BouncerBench Input and Output. */
export const binaryAbstentionUi = defineKindUi(binaryAbstention, {
  ScoreDetails: ({ details }) => <BounceScoreDetails details={details} />,
  TaskCharts: BounceTaskCharts,
  SubmissionCharts: BounceSubmissionCharts,
  InstanceView: BounceInstanceView,
  PredictionView: BouncePredictionView,
});
