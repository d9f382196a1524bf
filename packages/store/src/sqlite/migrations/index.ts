/**
 * @module
 * The ordered list of schema migrations. A migration is never edited once landed: a change to the
 * schema is a new file here, named with the next number.
 */
import type { Migration, MigrationProvider } from "kysely";
import { foundationMigration } from "./0001-foundation.js";
import { peopleMigration } from "./0002-people.js";
import { dealsMigration } from "./0003-deals.js";
import { oauthMigration } from "./0004-oauth.js";
import { activityMigration } from "./0005-activity.js";
import { importsMigration } from "./0006-imports.js";
import { changeGenerationsMigration } from "./0007-change-generations.js";
import { opportunityActivityFloorsMigration } from "./0008-opportunity-activity-floors.js";
import { personGenerationsMigration } from "./0009-person-generations.js";
import { companyGenerationsMigration } from "./0010-company-generations.js";
import { pendingOpportunityActivityMigration } from "./0011-pending-opportunity-activity.js";
import { entityListGenerationsMigration } from "./0012-entity-list-generations.js";
import { opportunityLinkCountsMigration } from "./0013-opportunity-link-counts.js";
import { liveListIndexesMigration } from "./0014-live-list-indexes.js";
import { opportunityLiveTotalsMigration } from "./0015-opportunity-live-totals.js";
import { nameSearchMigration } from "./0016-name-search.js";
import { nameSearchQueueMigration } from "./0017-name-search-queue.js";
import { opportunitySearchDocumentsMigration } from "./0018-opportunity-search-documents.js";
import { opportunityLinkNotesMigration } from "./0019-opportunity-link-notes.js";
import { opportunityLiveRowsMigration } from "./0020-opportunity-live-rows.js";
import { liveOpportunityLinkCountsMigration } from "./0021-live-opportunity-link-counts.js";
import { personEmailsByPersonMigration } from "./0022-person-emails-by-person.js";
import { liveOpportunityLinkRecencyMigration } from "./0023-live-opportunity-link-recency.js";
import { personActivityTimesMigration } from "./0024-person-activity-times.js";
import { attendeeTimesWrittenOnceMigration } from "./0025-attendee-times-written-once.js";
import { participationTimesNameInteractionsMigration } from "./0026-participation-times-name-interactions.js";
import { meetingGenerationsMigration } from "./0027-meeting-generations.js";
import { currentMembersFromIndexMigration } from "./0028-current-members-from-index.js";
import { personChangesMigration } from "./0029-person-changes.js";
import { opportunitiesByIntroPersonMigration } from "./0030-opportunities-by-intro-person.js";
import { deletedTenantsRefuseWritesMigration } from "./0031-deleted-tenants-refuse-writes.js";
import { activityFeedMigration } from "./0032-activity-feed.js";
import { activityFeedRemovalsMigration } from "./0033-activity-feed-removals.js";
import { meetingDeparturesMigration } from "./0034-meeting-departures.js";
import { usersPersonIndexMigration } from "./0035-users-person-index.js";
import { timelineGenerationsMigration } from "./0036-timeline-generations.js";
import { readOnlyKeysMigration } from "./0037-read-only-keys.js";
import { personsByMergeTargetMigration } from "./0038-persons-by-merge-target.js";
import { recordDeletionsMigration } from "./0039-record-deletions.js";
import { companyMatchKeysMigration } from "./0040-company-match-keys.js";
import { graphChangesMigration } from "./0041-graph-changes.js";
import { erasureLookupsMigration } from "./0042-erasure-lookups.js";
import { graphChangesOfEmailContentMigration } from "./0043-graph-changes-of-email-content.js";
import { graphChangesOfMeetingContentMigration } from "./0044-graph-changes-of-meeting-content.js";
import { onePersonActivityRecountedMigration } from "./0045-one-person-activity-recounted.js";
import { notesAndTasksByChangeMigration } from "./0046-notes-and-tasks-by-change.js";
import { historyHorizonsMigration } from "./0047-history-horizons.js";
import { keyUsesAndExpiryMigration } from "./0048-key-uses-and-expiry.js";
import { usersFollowMergesMigration } from "./0049-users-follow-merges.js";
import { meetingsByChangeMigration } from "./0050-meetings-by-change.js";
import { emailsBySentTimeMigration } from "./0051-emails-by-sent-time.js";
import { signInFailuresMigration } from "./0052-sign-in-failures.js";
import { entityListNameKeysMigration } from "./0053-entity-list-name-keys.js";
import { meetingDeletionsMigration } from "./0054-meeting-deletions.js";
import { linksToGoneRecordsMigration } from "./0055-links-to-gone-records.js";
import { controlCharactersTakenOutMigration } from "./0056-control-characters-taken-out.js";
import { messageIdFormsMergedMigration } from "./0057-message-id-forms-merged.js";
import { namesFromAddressesMigration } from "./0058-names-from-addresses.js";
import { nameSearchFoldedMigration } from "./0059-name-search-folded.js";
import { erasedIdentifiersMigration } from "./0060-erased-identifiers.js";
import { emailBodiesAnnouncedMigration } from "./0061-email-bodies-announced.js";
import { tenantLogSequencesMigration } from "./0062-tenant-log-sequences.js";
import { linkedinProfileKeysMigration } from "./0063-linkedin-profile-keys.js";
import { nameSortKeysMigration } from "./0064-name-sort-keys.js";
import { unicodeNameKeysMigration } from "./0065-unicode-name-keys.js";
import { companyFormerDomainsMigration } from "./0066-company-former-domains.js";
import { fuzzyRetryReadsMigration } from "./0067-fuzzy-retry-reads.js";
import { idempotentRequestsMigration } from "./0069-idempotent-requests.js";
import { companyMergesMigration } from "./0070-company-merges.js";
import { opportunitiesByActivityMigration } from "./0072-opportunities-by-activity.js";
import { personsByPrimaryCompanyMigration } from "./0074-persons-by-primary-company.js";
import { listMemberPositionsMigration } from "./0079-list-member-positions.js";
import { opportunityTextSortKeysMigration } from "./0080-opportunity-text-sort-keys.js";
import { idempotentWritesCommittedMigration } from "./0081-idempotent-writes-committed.js";
import { importJobRunnersMigration } from "./0082-import-job-runners.js";
import { importJobCancelsMigration } from "./0098-import-job-cancels.js";
import { addressFormsAndListNameKeysMigration } from "./0083-address-forms-and-list-name-keys.js";
import { arabicLetterFormsMigration } from "./0084-arabic-letter-forms.js";
import { companyTagKeysMigration } from "./0085-company-tag-keys.js";
import { placesOfLinkedRecordsMigration } from "./0086-places-of-linked-records.js";
import { tenantsImportingMigration } from "./0087-tenants-importing.js";
import { namePunctuationOfOtherScriptsMigration } from "./0088-name-punctuation-of-other-scripts.js";
import { linkedinKeysFreedMigration } from "./0089-linkedin-keys-freed.js";
import { nameSortKeysBoundedMigration } from "./0090-name-sort-keys-bounded.js";
import { linkedinKeysSharedMigration } from "./0091-linkedin-keys-shared.js";
import { removalsStampedByTheStoreMigration } from "./0092-removals-stamped-by-the-store.js";
import { companyNameKeysWithoutPunctuationMigration } from "./0093-company-name-keys-without-punctuation.js";
import { personJobSourcesMigration } from "./0094-person-job-sources.js";
import { keyLineagesMigration } from "./0095-key-lineages.js";
import { companyDuplicateNameKeysMigration } from "./0096-company-duplicate-name-keys.js";
import { keptAnswerEntityTagsMigration } from "./0097-kept-answer-entity-tags.js";

export const migrations: Record<string, Migration> = {
  "0001-foundation": foundationMigration,
  "0002-people": peopleMigration,
  "0003-deals": dealsMigration,
  "0004-oauth": oauthMigration,
  "0005-activity": activityMigration,
  "0006-imports": importsMigration,
  "0007-change-generations": changeGenerationsMigration,
  "0008-opportunity-activity-floors": opportunityActivityFloorsMigration,
  "0009-person-generations": personGenerationsMigration,
  "0010-company-generations": companyGenerationsMigration,
  "0011-pending-opportunity-activity": pendingOpportunityActivityMigration,
  "0012-entity-list-generations": entityListGenerationsMigration,
  "0013-opportunity-link-counts": opportunityLinkCountsMigration,
  "0014-live-list-indexes": liveListIndexesMigration,
  "0015-opportunity-live-totals": opportunityLiveTotalsMigration,
  "0016-name-search": nameSearchMigration,
  "0017-name-search-queue": nameSearchQueueMigration,
  "0018-opportunity-search-documents": opportunitySearchDocumentsMigration,
  "0019-opportunity-link-notes": opportunityLinkNotesMigration,
  "0020-opportunity-live-rows": opportunityLiveRowsMigration,
  "0021-live-opportunity-link-counts": liveOpportunityLinkCountsMigration,
  "0022-person-emails-by-person": personEmailsByPersonMigration,
  "0023-live-opportunity-link-recency": liveOpportunityLinkRecencyMigration,
  "0024-person-activity-times": personActivityTimesMigration,
  "0025-attendee-times-written-once": attendeeTimesWrittenOnceMigration,
  "0026-participation-times-name-interactions": participationTimesNameInteractionsMigration,
  "0027-meeting-generations": meetingGenerationsMigration,
  "0028-current-members-from-index": currentMembersFromIndexMigration,
  "0029-person-changes": personChangesMigration,
  "0030-opportunities-by-intro-person": opportunitiesByIntroPersonMigration,
  "0031-deleted-tenants-refuse-writes": deletedTenantsRefuseWritesMigration,
  "0032-activity-feed": activityFeedMigration,
  "0033-activity-feed-removals": activityFeedRemovalsMigration,
  "0034-meeting-departures": meetingDeparturesMigration,
  "0035-users-person-index": usersPersonIndexMigration,
  "0036-timeline-generations": timelineGenerationsMigration,
  "0037-read-only-keys": readOnlyKeysMigration,
  "0038-persons-by-merge-target": personsByMergeTargetMigration,
  "0039-record-deletions": recordDeletionsMigration,
  "0040-company-match-keys": companyMatchKeysMigration,
  "0041-graph-changes": graphChangesMigration,
  "0042-erasure-lookups": erasureLookupsMigration,
  "0043-graph-changes-of-email-content": graphChangesOfEmailContentMigration,
  "0044-graph-changes-of-meeting-content": graphChangesOfMeetingContentMigration,
  "0045-one-person-activity-recounted": onePersonActivityRecountedMigration,
  "0046-notes-and-tasks-by-change": notesAndTasksByChangeMigration,
  "0047-history-horizons": historyHorizonsMigration,
  "0048-key-uses-and-expiry": keyUsesAndExpiryMigration,
  "0049-users-follow-merges": usersFollowMergesMigration,
  "0050-meetings-by-change": meetingsByChangeMigration,
  "0051-emails-by-sent-time": emailsBySentTimeMigration,
  "0052-sign-in-failures": signInFailuresMigration,
  "0053-entity-list-name-keys": entityListNameKeysMigration,
  "0054-meeting-deletions": meetingDeletionsMigration,
  "0055-links-to-gone-records": linksToGoneRecordsMigration,
  "0056-control-characters-taken-out": controlCharactersTakenOutMigration,
  "0057-message-id-forms-merged": messageIdFormsMergedMigration,
  "0058-names-from-addresses": namesFromAddressesMigration,
  "0059-name-search-folded": nameSearchFoldedMigration,
  "0060-erased-identifiers": erasedIdentifiersMigration,
  "0061-email-bodies-announced": emailBodiesAnnouncedMigration,
  "0062-tenant-log-sequences": tenantLogSequencesMigration,
  "0063-linkedin-profile-keys": linkedinProfileKeysMigration,
  "0064-name-sort-keys": nameSortKeysMigration,
  "0065-unicode-name-keys": unicodeNameKeysMigration,
  "0066-company-former-domains": companyFormerDomainsMigration,
  "0067-fuzzy-retry-reads": fuzzyRetryReadsMigration,
  "0069-idempotent-requests": idempotentRequestsMigration,
  "0070-company-merges": companyMergesMigration,
  "0072-opportunities-by-activity": opportunitiesByActivityMigration,
  "0074-persons-by-primary-company": personsByPrimaryCompanyMigration,
  "0079-list-member-positions": listMemberPositionsMigration,
  "0080-opportunity-text-sort-keys": opportunityTextSortKeysMigration,
  "0081-idempotent-writes-committed": idempotentWritesCommittedMigration,
  "0082-import-job-runners": importJobRunnersMigration,
  "0083-address-forms-and-list-name-keys": addressFormsAndListNameKeysMigration,
  "0084-arabic-letter-forms": arabicLetterFormsMigration,
  "0085-company-tag-keys": companyTagKeysMigration,
  "0086-places-of-linked-records": placesOfLinkedRecordsMigration,
  "0087-tenants-importing": tenantsImportingMigration,
  "0088-name-punctuation-of-other-scripts": namePunctuationOfOtherScriptsMigration,
  "0089-linkedin-keys-freed": linkedinKeysFreedMigration,
  "0090-name-sort-keys-bounded": nameSortKeysBoundedMigration,
  "0091-linkedin-keys-shared": linkedinKeysSharedMigration,
  "0092-removals-stamped-by-the-store": removalsStampedByTheStoreMigration,
  "0093-company-name-keys-without-punctuation": companyNameKeysWithoutPunctuationMigration,
  "0094-person-job-sources": personJobSourcesMigration,
  "0095-key-lineages": keyLineagesMigration,
  "0096-company-duplicate-name-keys": companyDuplicateNameKeysMigration,
  "0097-kept-answer-entity-tags": keptAnswerEntityTagsMigration,
  "0098-import-job-cancels": importJobCancelsMigration,
};

/** Hands Kysely's Migrator the in-code migrations, so a bundled build needs no migration folder. */
export const inCodeMigrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
