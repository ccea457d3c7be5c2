import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../lib/notify';
import { Button, type ButtonProps } from '../../public-ui/Button';
import { StarFilled } from '../../public-ui/icons/StarFilled';
import { StarOutlined } from '../../public-ui/icons/StarOutlined';
import { addCollection, collectedQuery, deleteCollection, visitorKeys } from './api';
import { ERROR_CODES } from '@land/shared/api';
import { ApiError } from '../../lib/request';
import { openVisitorAuth, retryAfterSignIn } from './auth-prompt';
import { useVisitor } from './session';

interface CollectButtonProps extends Omit<ButtonProps, 'onClick' | 'loading'> {
  dkid: string;
}

/**
 * 收藏 / 已收藏 for a parcel. getBooleanByDkid drives the state; a visitor who is not signed in is
 * asked to log in first, and the parcel is collected right after.
 */
export function CollectButton({ dkid, ...props }: CollectButtonProps) {
  const visitor = useVisitor();
  const queryClient = useQueryClient();
  const collected = useQuery({ ...collectedQuery(dkid), enabled: visitor !== null });
  const isCollected = visitor !== null && collected.data === true;

  const settle = () => void queryClient.invalidateQueries({ queryKey: visitorKeys.all });
  // A session that ended meanwhile: the login dialog is open, and the collect goes through after it.
  const sessionEnded = (error: unknown) => error instanceof ApiError && error.code === ERROR_CODES.NOT_LOGGED_IN;
  const add = useMutation({
    mutationFn: () => addCollection(dkid),
    onSuccess: () => {
      queryClient.setQueryData(visitorKeys.collected(dkid), true);
      notify.success('已收藏，可在个人中心查看');
      settle();
    },
    onError: (error) => {
      if (sessionEnded(error)) retryAfterSignIn(() => add.mutate());
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteCollection({ dkid }),
    onSuccess: () => {
      queryClient.setQueryData(visitorKeys.collected(dkid), false);
      notify.info('已取消收藏');
      settle();
    },
  });

  const onClick = () => {
    if (!visitor) {
      openVisitorAuth({ mode: 'login', reason: '收藏地块需要先登录', onSuccess: () => add.mutate() });
      return;
    }
    if (isCollected) remove.mutate();
    else add.mutate();
  };

  return (
    <Button
      {...props}
      icon={isCollected ? <StarFilled style={{ color: '#d48806' }} /> : <StarOutlined />}
      loading={add.isPending || remove.isPending || (visitor !== null && collected.isPending)}
      onClick={onClick}
      aria-pressed={isCollected}
      data-testid="collect-button"
    >
      {isCollected ? '已收藏' : '收藏'}
    </Button>
  );
}
