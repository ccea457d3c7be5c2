/**
 * The public site's UI kit: small components of our own with antd's look (theme.css), used by every
 * server-rendered public and mobile page instead of antd. Icons are in ./icons.
 */
export { BlockBoundary, BlockError } from './BlockBoundary';
export { Button, buttonClass } from './Button';
export type { ButtonKind, ButtonProps, ButtonSize } from './Button';
export { Alert, Card, Descriptions, Empty, Phrases, Reserved, SkeletonBlock, SkeletonLines, Spin, Tag } from './display';
export type { DescriptionItem, TagColor } from './display';
export { clearTooLong, Field, Input, isBelow, markTooLong, NumberBound, refuseInvalid, refuseTooLong, SearchInput, Select, TextArea, useHeldSubmit, useKeepEarlyInput } from './Input';
export type { NumberBoundProps, SelectOption } from './Input';
export { Modal } from './Modal';
export { Pagination } from './Pagination';
export { Tabs } from './Tabs';
export { useRevealInRow } from './reveal';
export type { TabItem } from './Tabs';
export { Segmented } from './Segmented';
export type { SegmentedOption } from './Segmented';
export { useConfirm } from './Confirm';
export type { ConfirmOptions } from './Confirm';
