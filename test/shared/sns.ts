/** The path the SNS stand-in (test/node/sns-stand-in.ts) serves its signing certificate under: SNS's own file name form. */
export const SNS_CERT_PATH = '/SimpleNotificationService-7ff5318490ec183fbaddaa2a969abfda.pem';
