/**
 * The search form of a definition-driven list screen (entities, parcels): the fields' search
 * inputs, the search kept in the URL with paging and sorting, and the few fields shown before 展开.
 */
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form } from 'antd';
import { useMemo, useState } from 'react';
import type { QueryCondition } from '@land/shared';
import type { FieldDef } from '@land/shared/entity';
import { SearchActions } from '../../components/list/SearchActions';
import { useListState } from '../../components/list/use-list-state';
import type { SearchInput, SearchValues } from './search-inputs';
import { searchInputOf } from './search-inputs';

/** Search fields shown before 展开 unless a screen says otherwise; the rest wait behind it. */
const SEARCH_FIELDS_SHOWN = 6;

export interface SearchField {
  field: FieldDef;
  input: SearchInput;
}

/** The fields that have a search input. */
export function searchFieldsOf(fields: FieldDef[]): SearchField[] {
  return fields.flatMap((field) => {
    const input = searchInputOf(field);
    return input ? [{ field, input }] : [];
  });
}

/** URL list state of the screen, the search's conditions, and what the search form needs. */
export function useEntitySearch(searchFields: SearchField[], shown = SEARCH_FIELDS_SHOWN) {
  const [form] = Form.useForm<SearchValues>();
  const filterKeys = useMemo(() => searchFields.flatMap(({ field, input }) => input.keys(field)), [searchFields]);
  const list = useListState<string>(filterKeys);
  const { state } = list;
  // Opened when the URL searches by a field behind 展开, so the search on screen is visible.
  const [open, setOpen] = useState(() =>
    searchFields.slice(shown).some(({ field, input }) => input.keys(field).some((key) => state.filters[key])),
  );
  const conditions = useMemo<QueryCondition[]>(
    () => searchFields.flatMap(({ field, input }) => input.conditions(field, state.filters)),
    [searchFields, state.filters],
  );
  const initialValues = useMemo(
    () => Object.assign({}, ...searchFields.map(({ field, input }) => input.toForm(field, state.filters))) as SearchValues,
    // The form mounts with the URL's search; later changes come from the form itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [searchFields],
  );
  const onFinish = (values: SearchValues) => {
    const patch = Object.assign({}, ...searchFields.map(({ field, input }) => input.fromForm(field, values))) as Record<string, string | undefined>;
    list.setFilters(patch);
  };
  const onReset = () => {
    form.resetFields();
    // resetFields restores the values the form mounted with; clear them outright.
    const cleared: SearchValues = {};
    for (const name of Object.keys(form.getFieldsValue(true) as SearchValues)) cleared[name] = undefined;
    form.setFieldsValue(cleared);
    list.resetFilters();
  };
  return { list, conditions, searchForm: { searchFields, shown, form, initialValues, onFinish, onReset, open, setOpen } };
}

type SearchFormProps = ReturnType<typeof useEntitySearch>['searchForm'] & { name: string; testId: string };

/** The inline search form: the first fields, 查询 / 重置, and 展开 / 收起 for the rest. */
export function EntitySearchForm({ searchFields, shown, form, initialValues, onFinish, onReset, open, setOpen, name, testId }: SearchFormProps) {
  return (
    <Form<SearchValues>
      form={form}
      name={name}
      layout="inline"
      initialValues={initialValues}
      onFinish={onFinish}
      style={{ rowGap: 12, marginBottom: 16 }}
      data-testid={testId}
    >
      {searchFields.map(({ field, input }, index) => (
        // Collapsed fields stay mounted so their values still take part in the search.
        <div key={field.name} style={{ display: open || index < shown ? 'contents' : 'none' }}>
          {input.render(field)}
        </div>
      ))}
      <SearchActions onReset={onReset}>
        {searchFields.length > shown && (
          <Button type="link" onClick={() => setOpen((o) => !o)}>
            {open ? '收起' : '展开'}
            {open ? <UpOutlined /> : <DownOutlined />}
          </Button>
        )}
      </SearchActions>
    </Form>
  );
}
