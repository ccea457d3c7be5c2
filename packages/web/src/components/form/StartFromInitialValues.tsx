import type { FormInstance } from 'antd';
import { useEffect } from 'react';

/**
 * A form instance from `Form.useForm` outlives each opening of its drawer or dialog, and a new
 * <Form> takes its initial values only where the store has none: without this, 新增 after 编辑
 * opened with the edited record's values, 编辑 of a parcel's second 距离 opened (and saved) the
 * first one's, and a review opinion or an answer typed for one record showed in the dialog opened
 * next for another. Every form in a drawer or dialog that opens for one record after another has
 * it: mounted inside the <Form>, it sets the store to this opening's initial values.
 */
export function StartFromInitialValues<T>({ form }: { form: FormInstance<T> }) {
  useEffect(() => {
    form.resetFields();
  }, [form]);
  return null;
}
