package api

import (
	"reflect"
	"testing"

	"github.com/kubeplay/kubeplay/core/api/resource"
)

// podWithVolumes is a pod as the ServiceAccount and Priority admission
// plugins leave it, plus a user volume of each modelled kind.
func podWithVolumes() *Pod {
	p := samplePod()
	size := resource.MustParse("1Gi")
	mode, exp := int32(420), int64(3607)
	p.Spec.Volumes = []Volume{
		{Name: "cache", VolumeSource: VolumeSource{EmptyDir: &EmptyDirVolumeSource{SizeLimit: &size}}},
		{Name: "info", VolumeSource: VolumeSource{DownwardAPI: &DownwardAPIVolumeSource{DefaultMode: &mode,
			Items: []DownwardAPIVolumeFile{{Path: "name", FieldRef: &ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.name"}, Mode: &mode}}}}},
		{Name: "kube-api-access-abcde", VolumeSource: VolumeSource{Projected: &ProjectedVolumeSource{DefaultMode: &mode, Sources: []VolumeProjection{
			{ServiceAccountToken: &ServiceAccountTokenProjection{Path: "token", ExpirationSeconds: &exp}},
			{ConfigMap: &ConfigMapProjection{LocalObjectReference: LocalObjectReference{Name: "kube-root-ca.crt"},
				Items: []KeyToPath{{Key: "ca.crt", Path: "ca.crt", Mode: &mode}}, Optional: new(bool)}},
			{DownwardAPI: &DownwardAPIProjection{Items: []DownwardAPIVolumeFile{{Path: "namespace",
				FieldRef: &ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.namespace"}}}}},
		}}}},
	}
	p.Spec.Containers[0].VolumeMounts = []VolumeMount{{Name: "kube-api-access-abcde", ReadOnly: true,
		MountPath: "/var/run/secrets/kubernetes.io/serviceaccount"}}
	p.Spec.ServiceAccountName, p.Spec.DeprecatedServiceAccount = "default", "default"
	automount := true
	p.Spec.AutomountServiceAccountToken = &automount
	priority, policy := int32(0), PreemptLowerPriority
	p.Spec.Priority, p.Spec.PreemptionPolicy, p.Spec.PriorityClassName = &priority, &policy, "x"
	return p
}

// TestDeepCopyVolumes: the plan-based copy reaches every reference of the
// volume and admission fields.
func TestDeepCopyVolumes(t *testing.T) {
	orig := podWithVolumes()
	cp := DeepCopy(orig)
	if !reflect.DeepEqual(orig, cp) {
		t.Fatal("copy differs from the original")
	}
	v := cp.Spec.Volumes
	*v[0].EmptyDir.SizeLimit = resource.MustParse("2Gi")
	v[1].DownwardAPI.Items[0].FieldRef.FieldPath = "changed"
	*v[1].DownwardAPI.Items[0].Mode = 1
	src := v[2].Projected.Sources
	*src[0].ServiceAccountToken.ExpirationSeconds = 1
	src[1].ConfigMap.Items[0].Key = "changed"
	*src[1].ConfigMap.Optional = true
	src[2].DownwardAPI.Items[0].Path = "changed"
	*v[2].Projected.DefaultMode = 0
	v[0].Name = "changed"
	cp.Spec.Containers[0].VolumeMounts[0].ReadOnly = false
	*cp.Spec.AutomountServiceAccountToken = false
	*cp.Spec.Priority = 7
	*cp.Spec.PreemptionPolicy = PreemptNever
	if !reflect.DeepEqual(orig, podWithVolumes()) {
		t.Fatal("changing the copy changed the original")
	}
}

// TestVolumeDefaults: SetDefaults_Volume, the source defaults and the
// field selector's apiVersion, on a pod and on a Deployment's template.
func TestVolumeDefaults(t *testing.T) {
	spec := func() PodSpec {
		return PodSpec{
			Containers: []Container{{Name: "web", Image: "nginx:1.25"}},
			Volumes: []Volume{
				{Name: "plain"},
				{Name: "info", VolumeSource: VolumeSource{DownwardAPI: &DownwardAPIVolumeSource{
					Items: []DownwardAPIVolumeFile{{Path: "name", FieldRef: &ObjectFieldSelector{FieldPath: "metadata.name"}}}}}},
				{Name: "proj", VolumeSource: VolumeSource{Projected: &ProjectedVolumeSource{Sources: []VolumeProjection{
					{ServiceAccountToken: &ServiceAccountTokenProjection{Path: "token"}},
					{DownwardAPI: &DownwardAPIProjection{Items: []DownwardAPIVolumeFile{{Path: "ns", FieldRef: &ObjectFieldSelector{FieldPath: "metadata.namespace"}}}}},
				}}}},
			},
		}
	}
	check := func(name string, s *PodSpec) {
		t.Helper()
		v := s.Volumes
		if v[0].EmptyDir == nil || v[0].DownwardAPI != nil || v[0].Projected != nil {
			t.Errorf("%s: a volume without a source = %+v, want an emptyDir", name, v[0].VolumeSource)
		}
		if m := v[1].DownwardAPI.DefaultMode; m == nil || *m != 0644 {
			t.Errorf("%s: downwardAPI defaultMode = %v", name, m)
		}
		if got := v[1].DownwardAPI.Items[0].FieldRef.APIVersion; got != "v1" {
			t.Errorf("%s: downwardAPI fieldRef apiVersion = %q", name, got)
		}
		p := v[2].Projected
		if p.DefaultMode == nil || *p.DefaultMode != 420 {
			t.Errorf("%s: projected defaultMode = %v", name, p.DefaultMode)
		}
		if e := p.Sources[0].ServiceAccountToken.ExpirationSeconds; e == nil || *e != 3600 {
			t.Errorf("%s: token expirationSeconds = %v, want 3600", name, e)
		}
		if got := p.Sources[1].DownwardAPI.Items[0].FieldRef.APIVersion; got != "v1" {
			t.Errorf("%s: projected fieldRef apiVersion = %q", name, got)
		}
	}
	pod := &Pod{Spec: spec()}
	SetDefaults(pod)
	check("pod", &pod.Spec)
	d := &Deployment{Spec: DeploymentSpec{Template: PodTemplateSpec{Spec: spec()}}}
	SetDefaults(d)
	check("deployment", &d.Spec.Template.Spec)
	// Admission fields are admission's, not defaulting's.
	if pod.Spec.ServiceAccountName != "" || pod.Spec.Priority != nil || pod.Spec.PreemptionPolicy != nil {
		t.Errorf("defaulting set admission fields: %+v", pod.Spec)
	}
}

// TestServiceAccountAlias: the deprecated spec.serviceAccount is read when
// serviceAccountName is empty, loses to it otherwise, and always comes
// back equal to it (the v1 PodSpec conversions).
func TestServiceAccountAlias(t *testing.T) {
	tests := []struct{ name, alias, wantName string }{
		{"", "", ""},
		{"", "builder", "builder"},
		{"web", "", "web"},
		{"web", "builder", "web"},
	}
	for _, tt := range tests {
		p := &Pod{Spec: PodSpec{ServiceAccountName: tt.name, DeprecatedServiceAccount: tt.alias}}
		SetDefaults(p)
		rs := &ReplicaSet{Spec: ReplicaSetSpec{Template: PodTemplateSpec{Spec: PodSpec{ServiceAccountName: tt.name, DeprecatedServiceAccount: tt.alias}}}}
		SetDefaults(rs)
		for _, s := range []*PodSpec{&p.Spec, &rs.Spec.Template.Spec} {
			if s.ServiceAccountName != tt.wantName || s.DeprecatedServiceAccount != tt.wantName {
				t.Errorf("name %q alias %q: got name %q alias %q, want both %q",
					tt.name, tt.alias, s.ServiceAccountName, s.DeprecatedServiceAccount, tt.wantName)
			}
		}
	}
}
