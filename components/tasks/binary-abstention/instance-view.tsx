import type { BounceMetadata, BounceTruth, StoredPrediction } from "@/lib/tasks/binary-abstention/schemas";
import type { PredictionLink } from "../define";
import { GenericPredictionView, pre } from "../generic";

/** A BouncerBench instance: the issue text (input) and the patch (output), where the release has them. */
export function BounceInstanceView({ metadata }: { metadata: BounceMetadata }) {
  return (
    <>
      {metadata.problem_statement ? (
        <>
          <p className="mt-2 text-xs text-muted">
            issue text{metadata.words !== undefined ? ` (${metadata.words} words)` : ""}
          </p>
          <pre className={pre}>{metadata.problem_statement}</pre>
        </>
      ) : null}
      {metadata.patch ? (
        <>
          <p className="mt-2 text-xs text-muted">
            patch{metadata.chars !== undefined ? ` (${metadata.chars} characters)` : ""}
          </p>
          <pre className={pre}>{metadata.patch}</pre>
        </>
      ) : null}
    </>
  );
}

/** A bouncer's prediction: its own label, the annotators' label of the instance, then its explanation. */
export function BouncePredictionView({
  prediction,
  truth,
  whole,
}: {
  prediction: StoredPrediction;
  truth: BounceTruth | null;
  whole: PredictionLink;
}) {
  return (
    <>
      {prediction.label ? <span className="block">predicted label: {prediction.label}</span> : null}
      {typeof truth?.label === "number" ? (
        <span className="block text-muted">annotated label {truth.label}</span>
      ) : null}
      <GenericPredictionView prediction={prediction} truth={truth} whole={whole} />
    </>
  );
}
