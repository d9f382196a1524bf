/**
 * The plain-language meaning of the scores in a personal data export (GDPR Art. 15(1)(h): meaningful information
 * about the logic involved), written from the scoring parameters the deployment really uses.
 */
import type { ScoringParameters } from "@rapport/graph";
import type { PersonalDataScoreExplanation } from "./personal-data-export.js";

/** A number as a reader expects it: no trailing zeros, at most three decimals. */
const plain = (value: number) => String(Number(value.toFixed(3)));

/**
 * What `connection_score`, `reason`, `path_power` and `strength_label` mean, with `parameters`' values.
 *
 * @example scoreExplanation(graph.parameters).path_power; // "How well connected the team as a whole is to you, ..."
 */
export function scoreExplanation(parameters: Readonly<ScoringParameters>): PersonalDataScoreExplanation {
  const { halfLifeDays, emailWeight, meetingWeight, oneWayFactor, audienceExponent, saturation, maximumMeetingAttendees, pathPowerTopCount, reasonWindowDays, strengthThresholds } =
    parameters;
  const weighting = [
    `each one counts half as much after ${plain(halfLifeDays)} days, and halves again every further ${plain(halfLifeDays)} days`,
    `a meeting counts ${plain(meetingWeight / emailWeight)} times an email`,
    ...(oneWayFactor < 1 ? [`emails count in full as far as emails the other way match them, and the unmatched rest (mail that went one way only) counts ${plain(oneWayFactor)} times as much`] : []),
    ...(audienceExponent > 0 ? ["a message or meeting with several people counts less for each of them"] : []),
    `a meeting of more than ${plain(maximumMeetingAttendees)} people counts for nothing`,
  ];
  return {
    connection_score:
      "How strong the relationship between one user of the team and you is, from 0 (none) to 1, computed only from the emails and meetings between the two of you listed in this export: " +
      `${weighting.join("; ")}. The total is mapped onto 0 to 1 so that more contact always raises the score without reaching 1 ` +
      `(${plain(saturation / emailWeight)} one-to-one emails exchanged today give 0.5). connection_score_pretty is the same score from 0 to 100; ` +
      `reason counts the emails and meetings of the last ${plain(reasonWindowDays)} days.`,
    path_power:
      `How well connected the team as a whole is to you, from 0 to 1: the ${plain(pathPowerTopCount)} highest connection scores of the users combined, ` +
      "each read as an independent chance that contact through that user works (1 minus the product of 1 minus each score). Null when no user has an email or meeting with you.",
    strength_label: `path_power in words, read to two decimals as its 0 to 100 form shows it: weak below ${plain(strengthThresholds.moderate)}, moderate from ${plain(strengthThresholds.moderate)}, strong from ${plain(strengthThresholds.strong)}, very_strong from ${plain(strengthThresholds.veryStrong)}.`,
    use: "Rapport computes these scores from the data above to show the team who knows whom, for instance who could make an introduction.",
  };
}
