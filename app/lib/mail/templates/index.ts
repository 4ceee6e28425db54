/**
 * Every message the site sends, in the order the preview page lists them.
 * A new template goes here too: the preview page and the tests read this list.
 */
import type { MailTemplate } from "./layout";
import { aidRefusedMail } from "./aid-refused";
import { backupProblemMail } from "./backup-problem";
import { contactMessageMail } from "./contact-message";
import { documentRefusedMail } from "./document-refused";
import { emailChangeConfirmMail } from "./email-change-confirm";
import { emailChangeNoticeMail } from "./email-change-notice";
import { examConvocationMail } from "./exam-convocation";
import { familyReminderMail } from "./family-reminder";
import { managerDigestMail } from "./manager-digest";
import { managerNoticeMail } from "./manager-notice";
import { managerPaymentAlertMail } from "./manager-payment-alert";
import { operationsTestMail } from "./operations-test";
import { passwordChangedMail } from "./password-changed";
import { passwordResetMail } from "./password-reset";
import { paymentIncompleteMail } from "./payment-incomplete";
import { paymentReceiptMail } from "./payment-receipt";
import { registrationValidatedMail } from "./registration-validated";
import { setupTestMail } from "./setup-test";
import { trialConfirmationMail } from "./trial-confirmation";
import { trialExistingAccountMail } from "./trial-existing-account";
import { welcomeAccountMail } from "./welcome-account";

// Each template's data type differs: the list only needs its sample to go with it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const MAIL_TEMPLATES: ReadonlyArray<MailTemplate<any>> = [
  contactMessageMail,
  trialConfirmationMail,
  trialExistingAccountMail,
  welcomeAccountMail,
  registrationValidatedMail,
  passwordResetMail,
  passwordChangedMail,
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  familyReminderMail,
  paymentReceiptMail,
  paymentIncompleteMail,
  documentRefusedMail,
  aidRefusedMail,
  examConvocationMail,
  managerNoticeMail,
  managerPaymentAlertMail,
  managerDigestMail,
  backupProblemMail,
  setupTestMail,
  operationsTestMail,
];
