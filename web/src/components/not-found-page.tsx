import { messages } from '@sitewalk/shared/messages';
import { MessagePage } from './message-page.tsx';

/** Any path no route takes: '404 Page Not Found'. */
export const NotFoundPage = () => <MessagePage text={messages.shell.notFound} />;
