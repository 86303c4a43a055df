import { messages } from '@sitewalk/shared/messages';
import { MessagePage } from './message-page.tsx';

/** /error: 'An Error has occured'. */
export const ErrorPage = () => <MessagePage text={messages.shell.generic} />;
