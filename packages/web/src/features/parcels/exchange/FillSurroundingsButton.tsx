/**
 * 一键填充周边配套: asks the configured map service for what is around the parcel and replaces
 * the auto-filled 周边配套 and 距离 rows (those a person entered or edited stay).
 */
import { ThunderboltOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parcelDistanceEntity } from '@land/shared/entities/parcelDistance';
import { parcelFacilityEntity } from '@land/shared/entities/parcelFacility';
import { useConfirm } from '../../../components/use-confirm';
import { notify } from '../../../lib/notify';
import { entityKeys } from '../../entities/api';
import { fillSurroundings } from './api';

export const FILL_CONFIRM = '将用地图服务结果替换自动填充的周边配套和距离，是否继续？';

export function FillSurroundingsButton({ dkid }: { dkid: string }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const fill = useMutation({
    mutationFn: () => fillSurroundings(dkid),
    onSuccess: (result) => {
      const failed = result.failed > 0 ? `；${result.failed}次查询失败，相应部分未填充` : '';
      const text = `已填充周边配套${result.facilities.length}条、距离${result.distances.length}条${failed}`;
      if (result.failed > 0) notify.warning(text);
      else notify.success(text);
    },
    // Both tabs show what the server has now, also after a partial failure.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entityKeys.all(parcelFacilityEntity.name) }),
        queryClient.invalidateQueries({ queryKey: entityKeys.all(parcelDistanceEntity.name) }),
      ]),
  });
  return (
    <Button
      icon={<ThunderboltOutlined />}
      loading={fill.isPending}
      onClick={async () => {
        if (await confirm(FILL_CONFIRM)) fill.mutate();
      }}
      data-testid="fill-surroundings"
    >
      {fill.isPending ? '正在查询地图服务…' : '一键填充周边配套'}
    </Button>
  );
}
