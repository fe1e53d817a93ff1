package apiserver_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/manifest"
)

// TestAdmittedPodYAML: the spec of a pod as `kubectl get pod -o yaml`
// shows it after the default admission chain, key for key as a v1.37
// cluster prints it (the kube-api-access suffix is the seeded draw).
func TestAdmittedPodYAML(t *testing.T) {
	s := apiserver.New(clock.New(clock.Epoch), rand.New(rand.NewPCG(1, 2)))
	out, err := s.Create(&api.Pod{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	pod := out.(*api.Pod)
	vol := pod.Spec.Volumes[0].Name
	y, err := manifest.EncodeYAML(pod)
	if err != nil {
		t.Fatal(err)
	}
	spec := string(y)
	spec = spec[strings.Index(spec, "\nspec:\n")+1 : strings.Index(spec, "\nstatus:\n")+1]
	want := `spec:
  containers:
  - image: nginx:1.27
    imagePullPolicy: IfNotPresent
    name: nginx
    resources: {}
    terminationMessagePath: /dev/termination-log
    terminationMessagePolicy: File
    volumeMounts:
    - mountPath: /var/run/secrets/kubernetes.io/serviceaccount
      name: VOLUME
      readOnly: true
  dnsPolicy: ClusterFirst
  enableServiceLinks: true
  preemptionPolicy: PreemptLowerPriority
  priority: 0
  restartPolicy: Always
  schedulerName: default-scheduler
  securityContext: {}
  serviceAccount: default
  serviceAccountName: default
  terminationGracePeriodSeconds: 30
  tolerations:
  - effect: NoExecute
    key: node.kubernetes.io/not-ready
    operator: Exists
    tolerationSeconds: 300
  - effect: NoExecute
    key: node.kubernetes.io/unreachable
    operator: Exists
    tolerationSeconds: 300
  volumes:
  - name: VOLUME
    projected:
      defaultMode: 420
      sources:
      - serviceAccountToken:
          expirationSeconds: 3607
          path: token
      - configMap:
          items:
          - key: ca.crt
            path: ca.crt
          name: kube-root-ca.crt
      - downwardAPI:
          items:
          - fieldRef:
              apiVersion: v1
              fieldPath: metadata.namespace
            path: namespace
`
	if want = strings.ReplaceAll(want, "VOLUME", vol); spec != want {
		t.Errorf("spec:\n%s\nwant:\n%s", spec, want)
	}
}
