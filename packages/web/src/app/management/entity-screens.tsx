/**
 * Back-office screens driven by entity definitions: the definition whose `screen` is a path
 * edits it, so a definition added to the registry lights its screen up without code here.
 * Loaded with the first such screen, which keeps the definitions (and zod) out of the first paint.
 */
import { Flex } from 'antd';
import type { ComponentType } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { ManagementScreen } from '@land/shared';
import { MANAGEMENT_BASE } from '@land/shared';
import { ENTITIES } from '@land/shared/entities/index';
import type { EntityDef } from '@land/shared/entity';
import { ScreenPlaceholder } from '../../components/ScreenCard';
import { EntityFormPage } from '../../features/entities/EntityFormPage';
import { ConsultationReply } from '../../features/entities/ConsultationReply';
import { EntityScreen } from '../../features/entities/EntityScreen';
import type { RowAction } from '../../features/entities/EntityScreen';
import type { FormLockOf } from '../../features/entities/entity-form';
import { SendRecordsPanel } from '../../features/messaging/SendRecordsPanel';
import { SendTemplatePanel } from '../../features/messaging/SendTemplateMessage';
import { VisitorsPanel } from '../../features/messaging/VisitorsPanel';
import { closeTabs, tabHref } from './tabs-model';
import { getTabs, setTabs } from './tabs-store';

const BY_SCREEN = new Map<string, EntityDef>(ENTITIES.flatMap((def) => (def.screen ? [[def.screen, def] as const] : [])));

/**
 * List screens whose records are edited on pages of their own (long rich-text content) rather
 * than in the drawer: the list path → the add page and the edit page (which takes /:id).
 */
const EDITED_ON_PAGES: Record<string, { add: string; edit: string }> = {
  zshdManagement: { add: 'addZshd', edit: 'editZshd' },
};

/** Parts of a screen beyond its entity's list, shown below it (the list stays the generic one). */
const EXTRA_PARTS: Record<string, ComponentType[]> = {
  // The visitors (with their saved searches) beside the templates messages are sent with.
  messageManagerment: [SendTemplatePanel, VisitorsPanel],
  messageList: [SendRecordsPanel],
};

/** A row action beyond edit and delete, with its dialog. */
const ROW_ACTIONS: Record<string, RowAction> = {
  problem: { label: '回复', Dialog: ConsultationReply },
};

/** What a visitor wrote when asking: staff read it and answer through 回复, never rewrite it. */
const ASKED_FIELDS = ['title', 'category', 'content', 'askerName', 'askerPhone', 'sqdw', 'answer'] as const;

/** Fields an edit drawer hides (internal ids) or shows read-only, per screen. */
const FORM_LOCKS: Record<string, FormLockOf> = {
  // A question asked on the public site (by a visitor, or a guest: no staff author) is the
  // visitor's; one entered by staff (taken on the phone) stays editable but for the answer.
  problem: (record) =>
    record && (record.visitorId || !record.createdBy)
      ? { hidden: ['visitorId'], readOnly: ASKED_FIELDS, note: '咨询内容由访客填写，只能查看；请在列表中点击“回复”答复访客，回复会发送到访客的消息中心。' }
      : { hidden: ['visitorId'], readOnly: record ? ['answer'] : undefined, note: record ? '请在列表中点击“回复”答复咨询。' : undefined },
};

const absolute = (path: string) => `${MANAGEMENT_BASE}/${path}`;

/** The component of a list screen: its entity's screen, or the placeholder while it has none. */
export function entityScreenFor(screen: ManagementScreen): ComponentType {
  const def = BY_SCREEN.get(screen.path);
  if (!def) return () => <ScreenPlaceholder title={screen.title} />;
  const pages = EDITED_ON_PAGES[screen.path];
  const editPages = pages ? { add: absolute(pages.add), edit: (id: string) => `${absolute(pages.edit)}/${encodeURIComponent(id)}` } : undefined;
  const extras = EXTRA_PARTS[screen.path];
  const Screen = () =>
    extras ? (
      <Flex vertical gap={16}>
        <EntityScreen def={def} title={screen.title} editPages={editPages} rowAction={ROW_ACTIONS[screen.path]} formLock={FORM_LOCKS[screen.path]} />
        {extras.map((Extra, i) => (
          <Extra key={i} />
        ))}
      </Flex>
    ) : (
      <EntityScreen def={def} title={screen.title} editPages={editPages} rowAction={ROW_ACTIONS[screen.path]} formLock={FORM_LOCKS[screen.path]} />
    );
  Screen.displayName = `EntityScreen(${def.name})`;
  return Screen;
}

/** The add or edit page of a screen listed in EDITED_ON_PAGES. */
export function entityPageFor(screen: ManagementScreen): ComponentType {
  const entry = Object.entries(EDITED_ON_PAGES).find(([, p]) => screen.path === p.add || screen.path === `${p.edit}/:id`);
  const def = entry ? BY_SCREEN.get(entry[0]) : undefined;
  if (!entry || !def) return () => <ScreenPlaceholder title={screen.title} />;
  const listPath = entry[0];

  function Page() {
    const { id } = useParams();
    const navigate = useNavigate();
    const location = useLocation();
    // Saved or cancelled: this tab closes and the list comes back with its search.
    const done = () => {
      const tabs = getTabs();
      const listTab = tabs.find((t) => t.name === listPath);
      setTabs(closeTabs(tabs, 'close', location.pathname, location.pathname).tabs);
      navigate(listTab ? tabHref(listTab) : absolute(listPath));
    };
    return <EntityFormPage key={id ?? 'new'} def={def!} title={screen.title} id={id} onDone={done} />;
  }
  Page.displayName = `EntityFormPage(${def.name})`;
  return Page;
}
