import type { FormInstance, ModalProps } from 'antd';

/**
 * Props of a dialog around one form that saves with a mutation: 确定 submits the form (and spins
 * while saving), 取消 closes, the mask does not, and the saved state is forgotten once closed.
 */
export function formModalProps(form: FormInstance, mutation: { isPending: boolean; reset: () => void }, onClose: () => void): ModalProps {
  return {
    okText: '确定',
    cancelText: '取消',
    confirmLoading: mutation.isPending,
    onOk: () => form.submit(),
    onCancel: onClose,
    afterClose: () => mutation.reset(),
    destroyOnHidden: true,
    mask: { closable: false },
  };
}
