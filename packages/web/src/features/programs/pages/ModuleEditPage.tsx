/**
 * /programs/edit/:programId/courses/:courseId/modules/new and …/modules/:labId: the module form, creating or
 * saving a module; a saved module's reference scan with its objectives checked against it (ReferencePanel).
 */
import { Anchor } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '#ui/ErrorAlert.tsx';
import { PageFrame } from '#ui/PageFrame.tsx';
import { toast } from '#ui/toast.ts';
import { useArchiveModule } from '#entities/program/api/archive-module.ts';
import { useCopyModule } from '#entities/program/api/copy-module.ts';
import { useCreateModule } from '#entities/program/api/create-module.ts';
import { CopyArchiveActions } from '../components/CopyArchiveActions.tsx';
import { useModule } from '#entities/program/api/get-module.ts';
import { useModuleOptions } from '#entities/program/api/get-module-options.ts';
import { useUpdateModule } from '#entities/program/api/update-module.ts';
import { ModuleForm } from '../components/ModuleForm.tsx';
import { EMPTY_MODULE_FORM, moduleBody, moduleFormFromLab } from '../components/module-form-state.ts';
import { Loading } from '../components/PageStates.tsx';
import { ReferencePanel } from '../components/ReferencePanel.tsx';

function BackToCourse(props: { programId: string; courseId: string }) {
  return (
    <Anchor component={Link} to={`/programs/edit/${props.programId}/courses/${props.courseId}`}>
      Back to the course
    </Anchor>
  );
}

export function NewModulePage() {
  const { programId = '', courseId = '' } = useParams();
  const navigate = useNavigate();
  const options = useModuleOptions();
  const create = useCreateModule(courseId);
  return (
    <PageFrame title="New Module">
      <BackToCourse programId={programId} courseId={courseId} />
      <ErrorAlert error={options.error} />
      {options.isPending && <Loading label="Loading models and sequences" />}
      {options.data !== undefined && (
        <ModuleForm
          initial={EMPTY_MODULE_FORM}
          programId={programId}
          options={options.data}
          submitLabel="Create module"
          saving={create.isPending}
          onSubmit={(state) =>
            create.mutate(moduleBody(state), {
              onSuccess: (lab) => {
                toast.success('Module created');
                void navigate(`/programs/edit/${programId}/courses/${courseId}/modules/${lab.id}`, {
                  replace: true,
                });
              },
            })
          }
        >
          <ErrorAlert error={create.error} />
        </ModuleForm>
      )}
    </PageFrame>
  );
}

export function ModuleEditPage() {
  const { programId = '', courseId = '', labId = '' } = useParams();
  const options = useModuleOptions();
  const lab = useModule(labId);
  const update = useUpdateModule(labId);
  const copy = useCopyModule(labId);
  const archive = useArchiveModule(labId);
  const actions =
    lab.data === undefined ? undefined : (
      <CopyArchiveActions
        what="module"
        archived={lab.data.archived}
        copy={copy}
        archive={archive}
        copyPath={(id) => `/programs/edit/${programId}/courses/${courseId}/modules/${id}`}
      />
    );
  return (
    <PageFrame
      title={lab.data === undefined ? 'Edit Module' : `Edit Module: ${lab.data.title}`}
      actions={actions}
    >
      <BackToCourse programId={programId} courseId={courseId} />
      <ErrorAlert error={options.error ?? lab.error} />
      {(options.isPending || lab.isPending) && <Loading label="Loading the module" />}
      {options.data !== undefined && lab.data !== undefined && (
        <ModuleForm
          key={lab.data.updatedAt}
          initial={moduleFormFromLab(lab.data)}
          programId={programId}
          options={options.data}
          submitLabel="Save module"
          saving={update.isPending}
          onSubmit={(state) =>
            update.mutate(moduleBody(state), { onSuccess: () => toast.success('Module saved') })
          }
        >
          <ErrorAlert error={update.error} />
        </ModuleForm>
      )}
      {lab.data !== undefined && (
        <ReferencePanel programId={programId} labId={labId} objectives={lab.data.objectives} />
      )}
    </PageFrame>
  );
}
