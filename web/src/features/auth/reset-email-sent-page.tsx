/** First version; the real page follows on this branch. */
export const ResetEmailSentPage = () => <main />;
