// Issue 39: a signed-in user without the editor role is told before filling anything in that saving needs the
// role, with a link to the profile that shows their rights. The form and the specification's 403 message on
// 'Spara' stay as they are; a signed-out visitor never gets here (both pages send them to sign in).
import { $auth, PRERENDERED_AUTH } from '../../stores/auth.ts';
import { useIslandStore } from '../../stores/use-island-store.ts';
import { TEXT } from './texts.ts';

export default function RoleNotice({ text }: { text: string }) {
  const auth = useIslandStore($auth, PRERENDERED_AUTH);
  if (auth.status !== 'signed-in' || auth.isEditor) return null;
  return (
    <p className="editor-role-notice" role="note">
      {text} {TEXT.roleNoticeProfile} <a href="/profile">{TEXT.roleNoticeProfileLink}</a>.
    </p>
  );
}
